/**
 * What the mailer tells the database after a failed try (mail_failed's retry_after_seconds): the
 * backoff delay, or null to give the message up, for a permanent SMTP answer or after the last
 * allowed attempt.
 */
import type { MailerConfig } from './config';

type RetrySettings = Pick<MailerConfig, 'backoffBaseSeconds' | 'backoffCapSeconds' | 'maxAttempts'>;

/**
 * A permanent SMTP rejection: the server answered 5xx, and sending the same message again would
 * get the same answer (a refused recipient, a refused message). nodemailer marks it `permanent`;
 * it counts 503 (bad sequence of commands) as transient, as RFC 5321 allows, and so do we.
 */
export function isPermanentSmtpFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { permanent, responseCode } = error as { permanent?: unknown; responseCode?: unknown };
  if (typeof permanent === 'boolean') return permanent;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode !== 503;
}

/** min(base * 2^(attempt-1), cap) seconds, rounded up to a whole second. */
export function backoffSeconds(
  attempt: number,
  { backoffBaseSeconds, backoffCapSeconds }: RetrySettings,
): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.ceil(Math.min(backoffBaseSeconds * 2 ** exponent, backoffCapSeconds));
}

/** The delay before the next try of a message whose try number `attempt` failed, or null: give up. */
export function retryAfterSeconds(error: unknown, attempt: number, settings: RetrySettings): number | null {
  if (isPermanentSmtpFailure(error) || attempt >= settings.maxAttempts) return null;
  return backoffSeconds(attempt, settings);
}
