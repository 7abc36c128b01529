/** What the mailer last saw, for GET /health: its last claim (time, or the error) and its last SMTP error. */
export interface MailerStatus {
  lastClaimAt: Date | null;
  /** The last claim's error, null once a claim succeeds again. */
  lastClaimError: string | null;
  /** The last failed send, null once a send succeeds again. */
  lastSmtpError: { message: string; at: Date } | null;
}

export function newMailerStatus(): MailerStatus {
  return { lastClaimAt: null, lastClaimError: null, lastSmtpError: null };
}
