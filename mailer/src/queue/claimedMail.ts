/**
 * claim_mail's wire row (every column of every kind, null where unused) made into the mail
 * contract's union: a message about a booking, a code to an address, or a booking's event for the
 * agency's calendar. A row that fits neither
 * (a database and a mailer out of step) is kept apart as a misfit, so it is given up with the reason
 * rather than failing the whole claim at every poll.
 */
import { ADDRESS_CODE_PATTERN, MAIL_KINDS, type ClaimedMail, type ClaimedMailRow } from 'supabase-schema';

/** A claimed row that fits no kind of message: its id and attempt, to give it up, and why. */
export interface MisfitRow {
  message_id: number;
  attempt: number;
  problem: string;
}

export function readClaimedRow(row: ClaimedMailRow): ClaimedMail | MisfitRow {
  const { message_id, attempt, kind } = row;
  const due_seconds = row.due_seconds ?? null;
  const misfit = (problem: string): MisfitRow => ({
    message_id,
    attempt,
    problem: `claim_mail answered a row this mailer cannot send: ${problem}`,
  });
  if (!MAIL_KINDS.includes(kind)) return misfit(`unknown kind ${JSON.stringify(kind)}`);
  if (kind === 'address_code') {
    const { code, address } = row;
    if (code === null || !ADDRESS_CODE_PATTERN.test(code))
      return misfit('address_code without a six-digit code');
    if (!address?.email) return misfit('address_code without an address');
    return { message_id, attempt, due_seconds, kind, code, address };
  }
  if (!row.booking) return misfit(`${kind} without a booking`);
  if (kind === 'calendar_event') return { message_id, attempt, due_seconds, kind, booking: row.booking };
  return { message_id, attempt, due_seconds, kind, cancel_token: row.cancel_token, booking: row.booking };
}

export function isMisfit(claimed: ClaimedMail | MisfitRow): claimed is MisfitRow {
  return 'problem' in claimed;
}
