/**
 * The warning behind booking_requests_unreadable_client_address_total: when the database counted
 * more requests whose client address it could not read since the last reading, the per-address
 * and per-network limits skipped them, almost always because a proxy header is missing or
 * misconfigured. One log line at most once a minute, with how many since the last one.
 */
import type { Log } from '../log';

export const CLIENT_ADDRESS_WARNING_INTERVAL_MS = 60_000;

export interface ClientAddressWatch {
  /** The database's total at this reading. */
  saw(unreadableTotal: number): void;
}

export function createClientAddressWatch(log: Log, now: () => number = Date.now): ClientAddressWatch {
  /** The total already warned about (or first seen): growth is counted from here. */
  let baseline: number | null = null;
  let lastWarnedAt = Number.NEGATIVE_INFINITY;
  return {
    saw(total) {
      // The first reading, or a total that went down (the database's counter was reset): no growth to tell.
      if (baseline === null || total < baseline) {
        baseline = total;
        return;
      }
      if (total === baseline || now() - lastWarnedAt < CLIENT_ADDRESS_WARNING_INTERVAL_MS) return;
      log.warn(
        `${total - baseline} booking request(s) came without a readable client address (${total} in all): ` +
          'the client address header is missing or misconfigured: see docs/backend.md#the-client-address',
      );
      baseline = total;
      lastWarnedAt = now();
    },
  };
}
