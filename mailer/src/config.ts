/**
 * The mailer's settings (MailerConfig): read once from the environment, typed, and validated
 * together with any overrides a caller passes (startMailer's options), so a wrong value stops the
 * start with one message naming every variable that is wrong.
 */
import type { MailLanguage } from 'supabase-schema';
import { publicSettingsFromEnvironment, type SiteConfig } from 'site-config';
import { LOG_LEVELS, type LogLevel } from './log';

/** The agency's CalDAV calendar: read for busy times, and written with each booking. */
export interface CaldavSettings {
  /**
   * AGENCY_CALDAV_URL: the calendar's own address (a collection), or the server's (iCloud's
   * https://caldav.icloud.com), whose calendars are then discovered.
   */
  url: string;
  /** AGENCY_CALDAV_USERNAME */
  username: string;
  /** AGENCY_CALDAV_PASSWORD: an app password where the provider has them. */
  password: string;
  /** AGENCY_CALDAV_CALENDAR: which discovered calendar, by its name (else the first with events). */
  calendarName: string | null;
}

export type Language = MailLanguage;
export const LANGUAGES: readonly Language[] = ['en', 'es', 'pt'];
/** The language a message is written in: the one stored, when the mailer has it, else English. */
export function messageLanguage(stored: string | null | undefined): Language {
  return LANGUAGES.find((language) => language === stored) ?? 'en';
}

/** Each language's BCP 47 tag, as the site writes it in `<html lang>`: Portuguese is Brazil's. */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = { en: 'en', es: 'es', pt: 'pt-BR' };

/**
 * The local backend's service_role key (local-backend's LOCAL_SERVICE_ROLE_KEY, published in
 * docs/backend.md and valid nowhere else): the default, so `npm start` works with no set-up.
 */
export const LOCAL_SERVICE_ROLE_KEY = 'sb_secret_local_only_service_role_key_4d81be60';

/** The mailer's three jobs (docs/architecture.md, "The mailer"). */
export const MAILER_JOBS = ['mail-sender', 'calendar-reader', 'calendar-writer'] as const;
export type MailerJob = (typeof MAILER_JOBS)[number];

export interface MailerConfig {
  /** SUPABASE_URL: the project's API (PostgREST under /rest/v1), or the local backend. */
  supabaseUrl: string;
  /** SUPABASE_SERVICE_ROLE_KEY: the mailer's RPCs are granted to service_role only. */
  supabaseServiceRoleKey: string;
  /** SMTP_URL: smtp://user:pass@host:port, or smtps:// for implicit TLS. */
  smtpUrl: string;
  /** MAIL_FROM: the From header of every message, `"Name" <address>`. */
  mailFrom: string;
  /** AGENCY_INBOX: where the agency's notices go; the invitation's organizer. */
  agencyInbox: string;
  /** AGENCY_LANGUAGE: the language of the agency's notices (en, es); English by default. */
  agencyLanguage: Language;
  /** MAILER_HOST: the address the health and metrics server listens on. */
  host: string;
  /** MAILER_PORT: its port (0: any free one). */
  port: number;
  /**
   * MAILER_JOBS: which of the mailer's three jobs this process runs, comma-separated (default all):
   * `mail-sender` (e-mails from the outbox), `calendar-reader` (the agency's busy times),
   * `calendar-writer` (bookings into the agency's calendar). Each runs in one process only.
   */
  jobs: readonly MailerJob[];
  /** MAILER_POLL_INTERVAL_MS: the longest wait after a round that claimed nothing (or failed). */
  pollIntervalMs: number;
  /**
   * MAILER_WAKE_CHANNEL: whether the loop joins the Realtime topic queued mail is broadcast on
   * (`off` or `0`: the poll alone finds mail, e.g. where Realtime is turned off).
   */
  wakeChannel: boolean;
  /** MAILER_BATCH_SIZE: messages per claim (1 to 100, the database's bounds). */
  batchSize: number;
  /** MAILER_LEASE_SECONDS: how long a claim holds its messages (5 to 3600). */
  leaseSeconds: number;
  /** MAILER_BACKOFF_BASE_SECONDS: the delay after a first failed try, doubled at each next one. */
  backoffBaseSeconds: number;
  /** MAILER_BACKOFF_CAP_SECONDS: the longest delay between two tries. */
  backoffCapSeconds: number;
  /** MAILER_MAX_ATTEMPTS: after this many failed tries a message is given up (status failed). */
  maxAttempts: number;
  /**
   * MAILER_SMTP_TIMEOUT_MS: the longest wait for the SMTP server to connect, greet or answer. No
   * message is started later than this before its lease ends (see drainOnce).
   */
  smtpTimeoutMs: number;
  /** MAILER_LOG_LEVEL: debug, info (the default), warn, error or silent. */
  logLevel: LogLevel;
  /** The agency's facts (site-config: SITE_NAME, SITE_PHONE, SITE_EMAIL, SITE_URL). */
  site: SiteConfig;
  /**
   * AGENCY_CALENDAR_FEED_URL: the agency's calendar as an iCalendar feed (e.g. Google's secret
   * address in iCal format), whose busy times close slots; unset, no calendar is read.
   */
  agencyCalendarFeedUrl: string | null;
  /** AGENCY_CALDAV_*: the agency's CalDAV calendar (read, and written with bookings); unset, none. */
  agencyCaldav: CaldavSettings | null;
  /** AGENCY_CALENDAR_READ_SECONDS: how often the calendar is read (60 by default). */
  agencyCalendarReadSeconds: number;
  /**
   * AGENCY_CALENDAR_STALE_MINUTES: after this long without a good read the status, a metric, the
   * log and the agency's notices say so (30 by default).
   */
  agencyCalendarStaleMinutes: number;
}

type Environment = Record<string, string | undefined>;

/** Which environment variable sets each setting, for the error message. */
const VARIABLES: Record<keyof MailerConfig, string> = {
  supabaseUrl: 'SUPABASE_URL',
  supabaseServiceRoleKey: 'SUPABASE_SERVICE_ROLE_KEY',
  smtpUrl: 'SMTP_URL',
  mailFrom: 'MAIL_FROM',
  agencyInbox: 'AGENCY_INBOX',
  agencyLanguage: 'AGENCY_LANGUAGE',
  host: 'MAILER_HOST',
  port: 'MAILER_PORT',
  jobs: 'MAILER_JOBS',
  pollIntervalMs: 'MAILER_POLL_INTERVAL_MS',
  wakeChannel: 'MAILER_WAKE_CHANNEL',
  batchSize: 'MAILER_BATCH_SIZE',
  leaseSeconds: 'MAILER_LEASE_SECONDS',
  backoffBaseSeconds: 'MAILER_BACKOFF_BASE_SECONDS',
  backoffCapSeconds: 'MAILER_BACKOFF_CAP_SECONDS',
  maxAttempts: 'MAILER_MAX_ATTEMPTS',
  smtpTimeoutMs: 'MAILER_SMTP_TIMEOUT_MS',
  logLevel: 'MAILER_LOG_LEVEL',
  site: 'SITE_NAME, SITE_PHONE, SITE_EMAIL, SITE_URL',
  agencyCalendarFeedUrl: 'AGENCY_CALENDAR_FEED_URL',
  agencyCaldav: 'AGENCY_CALDAV_URL, AGENCY_CALDAV_USERNAME, AGENCY_CALDAV_PASSWORD, AGENCY_CALDAV_CALENDAR',
  agencyCalendarReadSeconds: 'AGENCY_CALENDAR_READ_SECONDS',
  agencyCalendarStaleMinutes: 'AGENCY_CALENDAR_STALE_MINUTES',
};

export class MailerConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The mailer's configuration is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'MailerConfigError';
  }
}

function text(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** A number as written (NaN when it is not one, which validation reports). */
function number(env: Environment, name: string, fallback: number): number {
  const value = text(env, name);
  return value === undefined ? fallback : Number(value);
}

/** The CalDAV settings when any of them is set (problemsOf says which are missing). */
function caldavSettings(env: Environment): CaldavSettings | null {
  const [url, username, password, calendarName] = [
    'AGENCY_CALDAV_URL',
    'AGENCY_CALDAV_USERNAME',
    'AGENCY_CALDAV_PASSWORD',
    'AGENCY_CALDAV_CALENDAR',
  ].map((name) => text(env, name));
  if (url === undefined && username === undefined && password === undefined) return null;
  return {
    url: url ?? '',
    username: username ?? '',
    password: password ?? '',
    calendarName: calendarName ?? null,
  };
}

/** Whether the environment names an SMTP server (`npm run dev` starts a MailDev of its own when not). */
export function smtpServerNamed(env: Environment = process.env): boolean {
  return text(env, 'SMTP_URL') !== undefined;
}

/** The settings the environment gives, unchecked (resolveMailerConfig checks them). */
export function readEnvironment(env: Environment = process.env): MailerConfig {
  const { site } = publicSettingsFromEnvironment(env);
  return {
    supabaseUrl: text(env, 'SUPABASE_URL') ?? 'http://localhost:54321',
    supabaseServiceRoleKey: text(env, 'SUPABASE_SERVICE_ROLE_KEY') ?? LOCAL_SERVICE_ROLE_KEY,
    smtpUrl: text(env, 'SMTP_URL') ?? 'smtp://localhost:1025',
    mailFrom: text(env, 'MAIL_FROM') ?? `"${site.organizationName.replace(/["\\]/g, '')}" <${site.email}>`,
    agencyInbox: text(env, 'AGENCY_INBOX') ?? site.email,
    agencyLanguage: (text(env, 'AGENCY_LANGUAGE') ?? 'en') as Language,
    host: text(env, 'MAILER_HOST') ?? '127.0.0.1',
    port: number(env, 'MAILER_PORT', 3010),
    jobs: (text(env, 'MAILER_JOBS') ?? MAILER_JOBS.join(','))
      .split(',')
      .map((job) => job.trim())
      .filter(Boolean) as MailerJob[],
    pollIntervalMs: number(env, 'MAILER_POLL_INTERVAL_MS', 5_000),
    wakeChannel: !['0', 'off', 'false', 'no'].includes(
      (text(env, 'MAILER_WAKE_CHANNEL') ?? 'on').toLowerCase(),
    ),
    batchSize: number(env, 'MAILER_BATCH_SIZE', 10),
    leaseSeconds: number(env, 'MAILER_LEASE_SECONDS', 120),
    backoffBaseSeconds: number(env, 'MAILER_BACKOFF_BASE_SECONDS', 15),
    backoffCapSeconds: number(env, 'MAILER_BACKOFF_CAP_SECONDS', 600),
    maxAttempts: number(env, 'MAILER_MAX_ATTEMPTS', 8),
    smtpTimeoutMs: number(env, 'MAILER_SMTP_TIMEOUT_MS', 20_000),
    logLevel: (text(env, 'MAILER_LOG_LEVEL') ?? 'info') as LogLevel,
    site,
    agencyCalendarFeedUrl: text(env, 'AGENCY_CALENDAR_FEED_URL') ?? null,
    agencyCaldav: caldavSettings(env),
    agencyCalendarReadSeconds: number(env, 'AGENCY_CALENDAR_READ_SECONDS', 60),
    agencyCalendarStaleMinutes: number(env, 'AGENCY_CALENDAR_STALE_MINUTES', 30),
  };
}

const EMAIL = /^[^@\s<>"]+@[^@\s<>"]+\.[^@\s<>"]+$/;

function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function problemsOf(config: MailerConfig, overrides: Partial<MailerConfig>, env: Environment): string[] {
  const problems: string[] = [];
  // As written: the option's value, or the variable's text (not the NaN it became).
  const given = (key: keyof MailerConfig) =>
    key in overrides || env[VARIABLES[key]] === undefined ? config[key] : env[VARIABLES[key]];
  const wrong = (key: keyof MailerConfig, rule: string) =>
    problems.push(`${VARIABLES[key]}: ${rule} (got ${JSON.stringify(given(key))})`);
  const integer = (key: keyof MailerConfig, min: number, max: number) => {
    const value = config[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      wrong(key, `must be a whole number from ${min} to ${max}`);
  };
  if (!isUrl(config.supabaseUrl, ['http:', 'https:'])) wrong('supabaseUrl', 'must be an http(s) URL');
  if (!config.supabaseServiceRoleKey) wrong('supabaseServiceRoleKey', 'must not be empty');
  if (!isUrl(config.smtpUrl, ['smtp:', 'smtps:'])) wrong('smtpUrl', 'must be an smtp:// or smtps:// URL');
  if (!/<[^@\s<>]+@[^@\s<>]+>$|^[^@\s<>]+@[^@\s<>]+$/.test(config.mailFrom.trim()))
    wrong('mailFrom', 'must be an address, or "Name" <address>');
  if (!EMAIL.test(config.agencyInbox)) wrong('agencyInbox', 'must be an e-mail address');
  if (!LANGUAGES.includes(config.agencyLanguage))
    wrong('agencyLanguage', `must be one of ${LANGUAGES.join(', ')}`);
  if (!config.host) wrong('host', 'must not be empty');
  if (config.jobs.length === 0 || config.jobs.some((job) => !MAILER_JOBS.includes(job)))
    wrong('jobs', `must name one or more of ${MAILER_JOBS.join(', ')}`);
  if (!LOG_LEVELS.includes(config.logLevel)) wrong('logLevel', `must be one of ${LOG_LEVELS.join(', ')}`);
  integer('port', 0, 65_535);
  integer('pollIntervalMs', 10, 3_600_000);
  integer('batchSize', 1, 100);
  integer('leaseSeconds', 5, 3_600);
  integer('backoffBaseSeconds', 1, 86_400);
  integer('backoffCapSeconds', 1, 86_400);
  integer('maxAttempts', 1, 1_000);
  integer('smtpTimeoutMs', 100, 600_000);
  integer('agencyCalendarReadSeconds', 2, 86_400);
  integer('agencyCalendarStaleMinutes', 1, 10_080);
  if (config.agencyCalendarFeedUrl !== null && !isUrl(config.agencyCalendarFeedUrl, ['http:', 'https:']))
    // Not the address itself in the message: a private feed's address is its password.
    problems.push('AGENCY_CALENDAR_FEED_URL: must be an http(s) URL (a webcal:// address works as https://)');
  problems.push(...caldavProblems(config));
  if (config.backoffCapSeconds < config.backoffBaseSeconds)
    wrong('backoffCapSeconds', `must be at least MAILER_BACKOFF_BASE_SECONDS (${config.backoffBaseSeconds})`);
  // A message is started only while its lease has at least smtpTimeoutMs left (drainOnce).
  if (config.smtpTimeoutMs * 2 > config.leaseSeconds * 1000)
    wrong('smtpTimeoutMs', `must be at most half of MAILER_LEASE_SECONDS (${config.leaseSeconds} s)`);
  if (!isUrl(config.site.url, ['http:', 'https:']))
    problems.push(`SITE_URL: must be an http(s) URL (got ${JSON.stringify(config.site.url)})`);
  if (!EMAIL.test(config.site.email))
    problems.push(`SITE_EMAIL: must be an e-mail address (got ${JSON.stringify(config.site.email)})`);
  return problems;
}

/** What is wrong with the CalDAV settings; never the password, nor a URL that may carry one. */
function caldavProblems({ agencyCaldav, agencyCalendarFeedUrl }: MailerConfig): string[] {
  if (!agencyCaldav) return [];
  const problems: string[] = [];
  if (!isUrl(agencyCaldav.url, ['http:', 'https:']))
    problems.push('AGENCY_CALDAV_URL: must be the http(s) address of the calendar or of its server');
  else if (new URL(agencyCaldav.url).username || new URL(agencyCaldav.url).password)
    problems.push(
      'AGENCY_CALDAV_URL: must not hold a user name or password (set AGENCY_CALDAV_USERNAME and AGENCY_CALDAV_PASSWORD)',
    );
  if (!agencyCaldav.username) problems.push('AGENCY_CALDAV_USERNAME: must be set with AGENCY_CALDAV_URL');
  if (!agencyCaldav.password)
    problems.push(
      'AGENCY_CALDAV_PASSWORD: must be set with AGENCY_CALDAV_URL (an app password where the provider has them)',
    );
  if (agencyCalendarFeedUrl !== null)
    problems.push(
      'AGENCY_CALENDAR_FEED_URL and AGENCY_CALDAV_URL: set one of them (the CalDAV calendar is read and written; a feed is only read)',
    );
  return problems;
}

/** The environment's settings with `overrides` on top, checked; throws MailerConfigError. */
export function resolveMailerConfig(
  overrides: Partial<MailerConfig> = {},
  env: Environment = process.env,
): MailerConfig {
  const config: MailerConfig = { ...readEnvironment(env), ...overrides };
  const problems = problemsOf(config, overrides, env);
  if (problems.length > 0) throw new MailerConfigError(problems);
  return config;
}
