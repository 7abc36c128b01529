/**
 * Where the contact form sends its e-mail, read once from the build environment (the build
 * replaces each process.env.NAME with its value, or null when unset). The defaults are the local
 * backend's EmailJS stand-in (local-backend/src/config.ts), so a plain build works on a developer's
 * machine and never reaches the hosted service by accident.
 */
export interface EmailJsConfig {
  publicKey: string;
  serviceId: string;
  templateId: string;
  /** The EmailJS API origin: https://api.emailjs.com in production. */
  origin: string;
  /** Refuse to send from a headless (automated) browser; see docs/backend.md, "Contact e-mail (EmailJS)". */
  blockHeadless: boolean;
  /**
   * The SDK's limitRate: after a message leaves, the same browser may send the next one only this
   * many milliseconds later (it answers 429 before any request otherwise). See docs/backend.md, "Abuse limits".
   */
  throttleMs: number;
}

declare const process: { env: Record<string, string | null | undefined> };

function flag(value: string | null | undefined): boolean {
  return value === 'true' || value === '1';
}

export const emailJsConfig: EmailJsConfig = {
  publicKey: process.env.EMAILJS_PUBLIC_KEY || 'local_emailjs_public_key',
  serviceId: process.env.EMAILJS_SERVICE_ID || 'service_local',
  templateId: process.env.EMAILJS_TEMPLATE_ID || 'template_contact',
  // The SDK appends /api/v1.0/email/send, so a trailing slash would double it.
  origin: (process.env.EMAILJS_ORIGIN || 'http://localhost:54321').replace(/\/+$/, ''),
  blockHeadless: flag(process.env.EMAILJS_BLOCK_HEADLESS),
  throttleMs: 60_000,
};
