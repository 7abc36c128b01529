import { publicSettings, type EmailJsSettings } from 'site-config';

/**
 * Where the contact form sends its e-mail: the environment's EmailJS account, read when used from
 * the settings the shell was given at run time (site-config), so the same build sends through
 * staging's account or production's. Run alone, the local backend's EmailJS stand-in
 * (local-backend/src/config.ts), which never reaches the hosted service by accident.
 */
export interface EmailJsConfig extends EmailJsSettings {
  /**
   * The SDK's limitRate: after a message leaves, the same browser may send the next one only this
   * many milliseconds later (it answers 429 before any request otherwise). See docs/backend.md, "Abuse limits".
   */
  throttleMs: number;
}

const settings = () => publicSettings().emailJs;

export const emailJsConfig: EmailJsConfig = {
  get publicKey() {
    return settings().publicKey;
  },
  get serviceId() {
    return settings().serviceId;
  },
  get templateId() {
    return settings().templateId;
  },
  get origin() {
    return settings().origin;
  },
  get blockHeadless() {
    return settings().blockHeadless;
  },
  throttleMs: 60_000,
};
