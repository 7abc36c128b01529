/**
 * The address step's figures in the mailer's /metrics, read from client_address_stats() with the
 * unreadable client addresses: how often each limit refused a request (the database's counters,
 * mirrored as gauges), and the last hour's code mails and wrong codes. docs/operator.md has the
 * alerts on them. NaN when the database does not tell (its migration not applied, or down).
 */
import { Gauge, type Registry } from 'prom-client';
import type { AddressStepStats } from 'supabase-schema';

/** The limits the database counts (bookingAddress.ts, AddressCodeLimit, and the code checks'). */
const LIMITS = [
  'mailbox_network_codes',
  'mailbox_codes',
  'network_code_mails',
  'code_mails_site_wide',
  'code_checks_per_network',
] as const;

export interface AddressStepGauges {
  set(stats: AddressStepStats | null | undefined): void;
}

export function createAddressStepGauges(registry: Registry): AddressStepGauges {
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const refusals = gauge(
    'booking_address_limit_refusals_total',
    'Code requests and checks refused by a limit of the address step since the start, by limit (mailbox_codes: the mailbox ceiling)',
    ['limit'],
  );
  const codeMails = gauge(
    'booking_address_code_mails_last_hour',
    'Code mails queued in the last hour, site-wide',
  );
  const wrongCodes = gauge(
    'booking_address_wrong_codes_last_hour',
    'Code checks that answered no pass (wrong, used up, without the attempt) in the last hour',
  );
  const wrongFromOneNetwork = gauge(
    'booking_address_most_wrong_codes_one_network_last_hour',
    'The most of those from one network (/24, /48) in the last hour',
  );
  return {
    set(stats) {
      for (const limit of LIMITS) refusals.set({ limit }, stats?.refusals[limit] ?? Number.NaN);
      codeMails.set(stats?.code_mails_last_hour ?? Number.NaN);
      wrongCodes.set(stats?.wrong_codes_last_hour ?? Number.NaN);
      wrongFromOneNetwork.set(stats?.most_wrong_codes_one_network_last_hour ?? Number.NaN);
    },
  };
}
