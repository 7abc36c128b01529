/**
 * The address step as the tests drive it through the real API: a visitor or a stranger, on a
 * network of the test's choosing, asks for codes, checks them, redeems links and books with a
 * pass; the mailer's claim hands over what the mails carry.
 */
import {
  BOOKING_ADDRESS_PASS_HEADER,
  BOOKING_PROOF_HEADER,
  MAIL_FUNCTIONS,
  REDEEM_ADDRESS_LINK_FUNCTION,
  REQUEST_ADDRESS_CODE_FUNCTION,
  VERIFY_ADDRESS_CODE_FUNCTION,
  type ClaimedMailRow,
} from 'supabase-schema';
import type { RunningBackend } from '../startLocalBackend';
import { bookingProof, supabaseAs, type validBooking } from './testBackend';

/** Someone calling the API with the public key, from `from` (127.x.y.z, one network per x.y). */
export function addressStepClient(backend: RunningBackend, from?: string) {
  const client = () => supabaseAs(backend, 'anon', { proof: 'none', ...(from ? { from } : {}) });
  return {
    /** request_booking_code with a freshly solved proof. */
    async requestCode(
      email: string,
      { language = 'en', attempt }: { language?: string; attempt?: string } = {},
    ) {
      return client()
        .rpc(REQUEST_ADDRESS_CODE_FUNCTION, { email, language, ...(attempt ? { attempt } : {}) })
        .setHeader(BOOKING_PROOF_HEADER, await bookingProof(backend));
    },
    verify(email: string, code: string, attempt?: string) {
      return client().rpc(VERIFY_ADDRESS_CODE_FUNCTION, { email, code, ...(attempt ? { attempt } : {}) });
    },
    redeem(email: string, link: string) {
      return client().rpc(REDEEM_ADDRESS_LINK_FUNCTION, { email, link });
    },
    insert(booking: ReturnType<typeof validBooking>, pass?: string) {
      return supabaseAs(backend, 'anon', {
        proof: 'none',
        ...(from ? { from } : {}),
        ...(pass ? { headers: { [BOOKING_ADDRESS_PASS_HEADER]: pass } } : {}),
      })
        .from('bookings')
        .insert(booking);
    },
  };
}

/** The attempt id a code request answered, which only the browser that asked holds. */
export function attemptOf(answer: { data: unknown }): string {
  const attempt = (answer.data as { attempt?: unknown } | null)?.attempt;
  if (typeof attempt !== 'string') throw new Error(`no attempt in ${JSON.stringify(answer.data)}`);
  return attempt;
}

/** The pass a code check or a link answered. */
export function passOf(answer: { data: unknown; error: unknown }): string {
  const pass = (answer.data as { pass?: unknown } | null)?.pass;
  if (typeof pass !== 'string') throw new Error(`no pass: ${JSON.stringify(answer.error ?? answer.data)}`);
  return pass;
}

/** What the mailer would claim and send: the code mails as they leave for the inbox. */
export async function claimCodes(backend: RunningBackend): Promise<ClaimedMailRow[]> {
  const service = supabaseAs(backend, 'service_role');
  const { data, error } = await service.rpc(MAIL_FUNCTIONS.claim, { batch_size: 100, lease_seconds: 60 });
  if (error) throw new Error(error.message);
  const rows = data as ClaimedMailRow[];
  for (const row of rows) {
    await service.rpc(MAIL_FUNCTIONS.sent, { message_id: row.message_id, attempt: row.attempt });
  }
  return rows.filter((row) => row.kind === 'address_code');
}

/** The address step on, no wait between codes, and nothing left of an earlier test's codes. */
export async function resetAddressStep(backend: RunningBackend): Promise<void> {
  await backend.database.query(
    'truncate private.booking_address_codes, private.booking_address_passes, private.address_code_checks, private.spent_booking_proofs cascade',
  );
  await backend.database.query('delete from private.mail_outbox');
  await backend.database.query(
    `update private.booking_settings set verify_booking_address = true, address_code_resend_after = '0'`,
  );
}
