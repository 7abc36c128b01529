/**
 * The agency's facts as the whole site shows them: the shell's footer, the contact page and the
 * page metadata. Set them at build time through the environment (SITE_NAME, SITE_PHONE,
 * SITE_EMAIL, SITE_URL); the defaults are example values, not a real phone or mailbox.
 * Federation shares this module as a singleton, so in the composed site every remote shows the
 * shell's values.
 */
export interface SiteConfig {
  /** The agency's name, as in the header and the structured page metadata. */
  organizationName: string;
  /** Phone in international format, shown and dialled as is. */
  phone: string;
  email: string;
  /** The public origin of the composed site, used in structured metadata. */
  url: string;
}

/** Build-time variables: the build replaces each process.env.NAME with its value (or null). */
declare const process: { env: Record<string, string | null | undefined> };

function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

export const siteConfig: SiteConfig = {
  organizationName: process.env.SITE_NAME || 'Istmo Digital',
  phone: process.env.SITE_PHONE || '+507 6000-0000',
  email: process.env.SITE_EMAIL || 'hello@example.com',
  url: process.env.SITE_URL || 'http://localhost:3000',
};

export const sitePhoneHref = phoneHref(siteConfig.phone);
export const siteEmailHref = `mailto:${siteConfig.email}`;
