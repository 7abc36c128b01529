/**
 * One round of the mailer: claim a batch (claim_mail), then for each message in turn compose it,
 * send it over SMTP and record it (mail_sent), or record the failure with the retry policy's delay
 * (mail_failed), or record why it is not sent at all (mail_skipped). A calendar_event row is no
 * e-mail: its booking's event is written to the agency's CalDAV calendar (calendarEventWriter.ts)
 * and recorded the same way. A failure of one message never
 * ends the round; a failed claim (the backend down) ends it with nothing held, and the loop asks
 * again at its next poll. A claimed row that fits no kind of message is given up at once.
 *
 * Nothing is silent: a message whose invitation could not be built goes without it, and is counted
 * (mailer_compose_failures_total{part="invitation"}) and logged once, with its booking's id; one that
 * could not be composed at all is counted ({part="message"}), logged, and retried like a send.
 *
 * Never send while holding nothing: a message is started only while its claim's lease has at least
 * smtpTimeoutMs left, measured on this process's clock from before the claim was asked (so earlier
 * than the database's own lease start, whatever the clocks say); the rest of the batch is released
 * for the next claim. Delivery is still at least once, not exactly once. The one duplicate window:
 * the SMTP server accepted a message, then this mailer died or stalled (or could not reach the
 * database) before mail_sent was recorded; once the lease ends, another claim sends it again
 * (with a new cancel token, the same Message-ID). mail_sent is retried within the lease to keep
 * the window small, and a mail_sent answering false (the claim was no longer ours) is logged.
 */
import type { ClaimedCalendarEvent, ClaimedMail, MailKind } from 'supabase-schema';
import type { CalendarEventWriter } from './calendar/calendarEventWriter';
import type { CalendarHealth } from './calendar/calendarHealth';
import type { MailerConfig } from './config';
import type { Log } from './log';
import type { ClaimStatus } from './mailerStatus';
import { composeMail, reasonNotToSend } from './messages/composeMail';
import type { MisfitRow } from './queue/claimedMail';
import type { MailQueue } from './queue/mailQueue';
import { backoffSeconds, retryAfterSeconds } from './retryPolicy';
import type { MailerMetrics } from './server/metrics';
import { smtpMessage, type SmtpTransport } from './smtp';

export interface DrainDependencies {
  config: MailerConfig;
  queue: MailQueue;
  transport: SmtpTransport;
  metrics: Pick<MailerMetrics, 'sent' | 'sendFailed' | 'skipped' | 'composeFailed'>;
  /** This job's record (the mail sender's or the calendar writer's). */
  status: ClaimStatus;
  /** The outbox's kinds this job claims (null: every kind). */
  kinds: readonly MailKind[] | null;
  /** The agency calendar's reads (the agency's notice says when it was last read); null: none here. */
  calendarHealth: () => CalendarHealth | null;
  log: Log;
  /** The agency's CalDAV calendar, where calendar_event rows are written (null: none configured). */
  calendarEvents: CalendarEventWriter | null;
  /** True once the mailer is stopping: the message in hand is finished, the rest released. */
  stopping(): boolean;
}

export interface RoundResult {
  claimed: number;
  sent: number;
  /** The claim itself failed: nothing was held. */
  claimFailed: boolean;
}

const SENT_RECORD_RETRIES_MS = [250, 1_000, 3_000];

/** How the log names a message: its kind, id and try, and its booking's id; never an address or a name. */
function describe(mail: ClaimedMail): string {
  const about = mail.kind === 'address_code' ? '' : `, booking ${mail.booking.id}`;
  return `${mail.kind} #${mail.message_id} (try ${mail.attempt}${about})`;
}

/** The error as kept in mail_outbox.last_error and shown by /health: the SMTP answer when there is one. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, responseCode, response } = error as Error & {
    code?: string;
    responseCode?: number;
    response?: string;
  };
  if (responseCode) return `SMTP ${responseCode}: ${response ?? error.message}`;
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function drainOnce(deps: DrainDependencies): Promise<RoundResult> {
  const { config, queue, status, log } = deps;
  const claimAskedAt = Date.now();
  let batch: ClaimedMail[];
  let misfits: MisfitRow[];
  let claimedAt = 0;
  try {
    ({ mail: batch, misfits } = await queue.claim(config.batchSize, config.leaseSeconds, deps.kinds));
    claimedAt = Date.now();
    if (status.lastClaimError) log.info('the queue answers again');
    status.lastClaimAt = new Date();
    status.lastClaimError = null;
  } catch (error) {
    const message = errorText(error);
    // Once per outage (and per new error), not at every poll.
    if (message !== status.lastClaimError) log.error(`could not claim mail, will ask again: ${message}`);
    status.lastClaimError = message;
    return { claimed: 0, sent: 0, claimFailed: true };
  }
  for (const misfit of misfits) await giveUpMisfit(deps, misfit);
  const leaseEnds = claimAskedAt + config.leaseSeconds * 1000;
  const lastStart = leaseEnds - config.smtpTimeoutMs;
  let sent = 0;
  for (const [index, mail] of batch.entries()) {
    if (deps.stopping() || Date.now() >= lastStart) {
      const reason = deps.stopping() ? 'the mailer stopped' : 'too little of the lease was left to start it';
      await release(deps, batch.slice(index), `released unsent: ${reason}`);
      break;
    }
    if (await sendOne(deps, mail, { leaseEnds, claimedAt })) sent += 1;
  }
  return { claimed: batch.length + misfits.length, sent, claimFailed: false };
}

/** A row no composer can take: sending it again would not help, so it is given up with the reason. */
async function giveUpMisfit({ queue, log }: DrainDependencies, misfit: MisfitRow): Promise<void> {
  const name = `message #${misfit.message_id} (try ${misfit.attempt})`;
  log.error(`${name}: ${misfit.problem}; given up`);
  try {
    await queue.failed(misfit.message_id, misfit.attempt, misfit.problem, null);
  } catch (error) {
    log.error(`${name}: could not record the failure (${errorText(error)})`);
  }
}

/** Hands claimed messages back at once (mail_failed with no delay) rather than at the lease's end. */
async function release(deps: DrainDependencies, mails: ClaimedMail[], reason: string): Promise<void> {
  for (const mail of mails) {
    try {
      await deps.queue.failed(mail.message_id, mail.attempt, reason, 0);
    } catch (error) {
      deps.log.warn(
        `${describe(mail)}: could not be released (${errorText(error)}); free when its lease ends`,
      );
    }
  }
}

/** Composes, sends and records one message; true when the SMTP server accepted it. */
/** The claim a message came in: when its lease ends, and when the claim answered (this process's clock). */
interface Claim {
  leaseEnds: number;
  claimedAt: number;
}

/**
 * Seconds from the message falling due to now: how long it had been due when claimed (the
 * database's clock) plus the time since the claim answered (this one's), so no two clocks are compared.
 */
function queueToSendSeconds(mail: ClaimedMail, { claimedAt }: Claim): number | null {
  return mail.due_seconds === null ? null : mail.due_seconds + (Date.now() - claimedAt) / 1000;
}

async function sendOne(deps: DrainDependencies, mail: ClaimedMail, claim: Claim): Promise<boolean> {
  const { leaseEnds } = claim;
  const { config, transport, metrics, status, log } = deps;
  const now = new Date();
  const skip = reasonNotToSend({ mail, config, now });
  if (skip) {
    log.info(`${describe(mail)}: ${skip}`);
    metrics.skipped(mail.kind);
    await recordSkipped(deps, mail, skip);
    return false;
  }
  if (mail.kind === 'calendar_event') return writeEvent(deps, mail, claim);
  const input = { mail, config, now, calendar: deps.calendarHealth() };
  let outgoing;
  try {
    outgoing = await composeMail(input);
  } catch (error) {
    metrics.composeFailed(mail.kind, 'message');
    await failed(deps, mail, `could not be composed: ${errorText(error)}`, error);
    return false;
  }
  try {
    await transport.sendMail(smtpMessage(outgoing, config));
  } catch (error) {
    const message = errorText(error);
    status.lastSmtpError = { message, at: new Date() };
    await failed(deps, mail, message, error);
    return false;
  }
  metrics.sent(mail.kind, queueToSendSeconds(mail, claim));
  status.lastSmtpError = null;
  if (outgoing.invitationProblem) {
    // Counted once the message is out, so a try that failed at SMTP does not count it twice.
    metrics.composeFailed(mail.kind, 'invitation');
    log.warn(`${describe(mail)} sent without its calendar invitation: ${outgoing.invitationProblem}`);
  } else log.info(`${describe(mail)} sent`);
  await recordSent(deps, mail, leaseEnds);
  return true;
}

/** Writes one booking's event into the agency's calendar, and records it like a sent message. */
async function writeEvent(
  deps: DrainDependencies,
  mail: ClaimedCalendarEvent,
  claim: Claim,
): Promise<boolean> {
  const { calendarEvents, metrics, log } = deps;
  try {
    // reasonNotToSend skipped the row when no calendar is configured.
    if (!calendarEvents) throw new Error('no CalDAV calendar is configured');
    log.info(`${describe(mail)}: event ${await calendarEvents.sync(mail.booking)}`);
  } catch (error) {
    await failed(deps, mail, errorText(error), error);
    return false;
  }
  metrics.sent(mail.kind, queueToSendSeconds(mail, claim));
  await recordSent(deps, mail, claim.leaseEnds);
  return true;
}

/** A failed try (of a message or a calendar's event): counted, then the retry policy's delay, or given up. */
async function failed(
  deps: DrainDependencies,
  mail: ClaimedMail,
  message: string,
  error: unknown,
): Promise<void> {
  deps.metrics.sendFailed(mail.kind);
  // A calendar's event is never given up: the booking would be missing from the agency's diary for
  // good. It is tried at the longest backoff until the calendar takes it, or a newer row replaces it.
  const delay =
    mail.kind === 'calendar_event'
      ? backoffSeconds(mail.attempt, deps.config)
      : retryAfterSeconds(error, mail.attempt, deps.config);
  deps.log.warn(
    `${describe(mail)} failed: ${message}; ${delay === null ? 'given up' : `next try in ${delay} s`}`,
  );
  await recordFailure(deps, mail, message, delay);
}

async function recordFailure(
  { queue, log }: DrainDependencies,
  mail: ClaimedMail,
  error: string,
  retryAfter: number | null,
): Promise<void> {
  try {
    if (!(await queue.failed(mail.message_id, mail.attempt, error, retryAfter)))
      log.warn(
        `${describe(mail)}: not recorded as failed, the claim was no longer ours (or the message was skipped)`,
      );
  } catch (recordError) {
    // Not sent, so nothing is lost: the message is claimed again when its lease ends.
    log.error(`${describe(mail)}: could not record the failure (${errorText(recordError)})`);
  }
}

/** mail_skipped: not sent on purpose, and not a failure (the operator's failed count stays true). */
async function recordSkipped(
  { queue, log }: DrainDependencies,
  mail: ClaimedMail,
  reason: string,
): Promise<void> {
  try {
    if (!(await queue.skipped(mail.message_id, mail.attempt, reason)))
      log.warn(`${describe(mail)}: not recorded as skipped, the claim was no longer ours`);
  } catch (recordError) {
    // Nothing was sent: the message is claimed again when its lease ends, and skipped then.
    log.error(`${describe(mail)}: could not record it as skipped (${errorText(recordError)})`);
  }
}

/** mail_sent, tried again while the lease lasts: past it, an unrecorded message is sent twice. */
async function recordSent(
  { queue, log }: DrainDependencies,
  mail: ClaimedMail,
  leaseEnds: number,
): Promise<void> {
  for (let retry = 0; ; retry++) {
    try {
      if (!(await queue.sent(mail.message_id, mail.attempt)))
        log.warn(`${describe(mail)}: sent, but the claim was no longer ours: it may be sent twice`);
      return;
    } catch (error) {
      const delay = SENT_RECORD_RETRIES_MS[retry];
      if (delay === undefined || Date.now() + delay >= leaseEnds) {
        log.error(
          `${describe(mail)}: sent, but mail_sent failed (${errorText(error)}): it will be sent again after its lease`,
        );
        return;
      }
      await wait(delay);
    }
  }
}
