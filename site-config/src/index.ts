/**
 * The environment's public settings, the contract between the shell and every app: the agency's
 * facts (the footer, the contact page, the page metadata), where bookings are stored and where the
 * contact form's e-mail goes. They are read at run time, never built in, so one build of each app
 * runs in every environment (staging, production): the shell's server reads them from its
 * environment (`publicSettingsFromEnvironment`) and hands them to the pages it renders and, in the
 * page, to the browser; each app reads them through `publicSettings()` when it uses them.
 * Federation shares this module as a singleton, so every remote reads the shell's settings. An app
 * run alone (a remote's harness, the unit tests) gets the local ones: the backend of `npm start`.
 */
export interface SiteConfig {
  /** The agency's name, as in the header and the structured page metadata. */
  organizationName: string;
  /** Phone in international format, shown and dialled as is. */
  phone: string;
  email: string;
  /** The public origin of the composed site, used in links, share tags and structured metadata. */
  url: string;
  /**
   * The person in charge of personal data (data protection officer; Brazil's LGPD calls them the
   * encarregado, art. 41), named in the privacy policy. Unset in the environment, the name is the
   * agency's (SITE_NAME) and the e-mail the site's (SITE_EMAIL); with neither set either, the local
   * example's.
   */
  privacyOfficer: { name: string; email: string };
}

/** The Supabase project bookings are stored in: its URL and public (anon) key. */
export interface BookingBackendSettings {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/** The EmailJS account the contact form sends through (its public identifiers only). */
export interface EmailJsSettings {
  publicKey: string;
  serviceId: string;
  templateId: string;
  /** The EmailJS API origin: https://api.emailjs.com in production. */
  origin: string;
  /** Refuse to send from a headless (automated) browser; see docs/backend.md. */
  blockHeadless: boolean;
}

export interface PublicSettings {
  site: SiteConfig;
  booking: BookingBackendSettings;
  emailJs: EmailJsSettings;
}

/** The settings of `npm start`: example facts, the local backend and its EmailJS stand-in. */
export const LOCAL_SETTINGS: PublicSettings = {
  site: {
    organizationName: 'Istmo Digital',
    phone: '+507 6000-0000',
    email: 'hello@example.com',
    url: 'http://localhost:3000',
    privacyOfficer: { name: 'Istmo Digital', email: 'privacy@example.com' },
  },
  booking: {
    supabaseUrl: 'http://localhost:54321',
    supabaseAnonKey: 'sb_publishable_local_only_anon_key_7f3a9c2e',
  },
  emailJs: {
    publicKey: 'local_emailjs_public_key',
    serviceId: 'service_local',
    templateId: 'template_contact',
    origin: 'http://localhost:54321',
    blockHeadless: false,
  },
};

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The settings an environment's variables give (SITE_NAME, SITE_PHONE, SITE_EMAIL, SITE_URL,
 * SITE_PRIVACY_OFFICER_NAME, SITE_PRIVACY_OFFICER_EMAIL, SUPABASE_URL, SUPABASE_ANON_KEY,
 * EMAILJS_PUBLIC_KEY, EMAILJS_SERVICE_ID, EMAILJS_TEMPLATE_ID, EMAILJS_ORIGIN,
 * EMAILJS_BLOCK_HEADLESS), the local ones where unset. The privacy officer left
 * unset is the environment's SITE_NAME and SITE_EMAIL, so an environment that names the agency but
 * no officer still shows a real contact, not the local example. Read by servers, with their own
 * `process.env` passed in.
 */
export function publicSettingsFromEnvironment(env: Environment): PublicSettings {
  const read = (name: string, fallback: string) => env[name] || fallback;
  const { site, booking, emailJs } = LOCAL_SETTINGS;
  return {
    site: {
      organizationName: read('SITE_NAME', site.organizationName),
      phone: read('SITE_PHONE', site.phone),
      email: read('SITE_EMAIL', site.email),
      url: read('SITE_URL', site.url),
      privacyOfficer: {
        name: read('SITE_PRIVACY_OFFICER_NAME', read('SITE_NAME', site.privacyOfficer.name)),
        email: read('SITE_PRIVACY_OFFICER_EMAIL', read('SITE_EMAIL', site.privacyOfficer.email)),
      },
    },
    booking: {
      supabaseUrl: read('SUPABASE_URL', booking.supabaseUrl),
      supabaseAnonKey: read('SUPABASE_ANON_KEY', booking.supabaseAnonKey),
    },
    emailJs: {
      publicKey: read('EMAILJS_PUBLIC_KEY', emailJs.publicKey),
      serviceId: read('EMAILJS_SERVICE_ID', emailJs.serviceId),
      templateId: read('EMAILJS_TEMPLATE_ID', emailJs.templateId),
      // The SDK appends /api/v1.0/email/send, so a trailing slash would double it.
      origin: read('EMAILJS_ORIGIN', emailJs.origin).replace(/\/+$/, ''),
      blockHeadless: ['true', '1'].includes(env.EMAILJS_BLOCK_HEADLESS ?? ''),
    },
  };
}

let current: PublicSettings = LOCAL_SETTINGS;

/** Sets the environment's settings for this process or page: the shell does, before it renders. */
export function configureSite(settings: PublicSettings): void {
  current = settings;
}

/** The environment's settings, as the shell set them (the local ones in an app run alone). */
export function publicSettings(): PublicSettings {
  return current;
}

/** The agency's facts of the environment, read when used. */
export const siteConfig: SiteConfig = {
  get organizationName() {
    return current.site.organizationName;
  },
  get phone() {
    return current.site.phone;
  },
  get email() {
    return current.site.email;
  },
  get url() {
    return current.site.url;
  },
  get privacyOfficer() {
    return current.site.privacyOfficer;
  },
};

/** The agency's phone as a link that dials it. */
export function sitePhoneHref(): string {
  return `tel:${current.site.phone.replace(/[^+\d]/g, '')}`;
}

/** The agency's e-mail address as a link that writes to it. */
export function siteEmailHref(): string {
  return `mailto:${current.site.email}`;
}
