// The settings from the environment: the defaults (the local backend, MailDev, site-config), the
// variables read and checked, every wrong one named in one error.
import { LOCAL_SERVICE_ROLE_KEY as BACKEND_KEY } from 'local-backend';
import { siteConfig } from 'site-config';
import { LOCAL_SERVICE_ROLE_KEY, MailerConfigError, resolveMailerConfig } from './config';

test('with no variables: the local backend, MailDev, and the agency from site-config', () => {
  expect(LOCAL_SERVICE_ROLE_KEY).toBe(BACKEND_KEY);
  expect(resolveMailerConfig({}, {})).toEqual({
    supabaseUrl: 'http://localhost:54321',
    supabaseServiceRoleKey: BACKEND_KEY,
    smtpUrl: 'smtp://localhost:1025',
    mailFrom: `"${siteConfig.organizationName}" <${siteConfig.email}>`,
    agencyInbox: siteConfig.email,
    agencyLanguage: 'en',
    host: '127.0.0.1',
    port: 3010,
    jobs: ['mail-sender', 'calendar-reader', 'calendar-writer'],
    pollIntervalMs: 5_000,
    wakeChannel: true,
    batchSize: 10,
    leaseSeconds: 120,
    backoffBaseSeconds: 15,
    backoffCapSeconds: 600,
    maxAttempts: 8,
    smtpTimeoutMs: 20_000,
    logLevel: 'info',
    site: siteConfig,
    agencyCalendarFeedUrl: null,
    agencyCaldav: null,
    agencyCalendarReadSeconds: 60,
    agencyCalendarStaleMinutes: 30,
  });
});

test('each variable is read, and options override them', () => {
  const config = resolveMailerConfig(
    { batchSize: 3 },
    {
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_SERVICE_ROLE_KEY: 'secret',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Istmo <no-reply@istmo.example>',
      AGENCY_INBOX: 'bookings@istmo.example',
      AGENCY_LANGUAGE: 'es',
      MAILER_HOST: '0.0.0.0',
      MAILER_PORT: '9100',
      MAILER_POLL_INTERVAL_MS: '1000',
      MAILER_BATCH_SIZE: '50',
      MAILER_LEASE_SECONDS: '300',
      MAILER_BACKOFF_BASE_SECONDS: '30',
      MAILER_BACKOFF_CAP_SECONDS: '3600',
      MAILER_MAX_ATTEMPTS: '12',
      MAILER_SMTP_TIMEOUT_MS: '10000',
      MAILER_LOG_LEVEL: 'warn',
      AGENCY_CALENDAR_FEED_URL: 'https://calendar.google.com/calendar/ical/x/private-y/basic.ics',
      AGENCY_CALENDAR_READ_SECONDS: '300',
      AGENCY_CALENDAR_STALE_MINUTES: '90',
    },
  );
  expect(config).toMatchObject({
    supabaseUrl: 'https://abc.supabase.co',
    supabaseServiceRoleKey: 'secret',
    smtpUrl: 'smtps://user:pass@smtp.example.com:465',
    mailFrom: 'Istmo <no-reply@istmo.example>',
    agencyInbox: 'bookings@istmo.example',
    agencyLanguage: 'es',
    host: '0.0.0.0',
    port: 9100,
    pollIntervalMs: 1000,
    batchSize: 3,
    leaseSeconds: 300,
    backoffBaseSeconds: 30,
    backoffCapSeconds: 3600,
    maxAttempts: 12,
    smtpTimeoutMs: 10_000,
    logLevel: 'warn',
    agencyCalendarFeedUrl: 'https://calendar.google.com/calendar/ical/x/private-y/basic.ics',
    agencyCalendarReadSeconds: 300,
    agencyCalendarStaleMinutes: 90,
  });
});

test('a CalDAV calendar: its address, user name, app password and, optionally, which calendar by name', () => {
  const config = resolveMailerConfig(
    {},
    {
      AGENCY_CALDAV_URL: 'https://caldav.icloud.com/',
      AGENCY_CALDAV_USERNAME: 'agency@icloud.example',
      AGENCY_CALDAV_PASSWORD: 'abcd-efgh-ijkl-mnop',
      AGENCY_CALDAV_CALENDAR: 'Work',
    },
  );
  expect(config.agencyCaldav).toEqual({
    url: 'https://caldav.icloud.com/',
    username: 'agency@icloud.example',
    password: 'abcd-efgh-ijkl-mnop',
    calendarName: 'Work',
  });
});

test('a CalDAV calendar without its user name or password, or beside a feed, is refused, its password never repeated', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      resolveMailerConfig({}, env);
      return [];
    } catch (error) {
      return (error as MailerConfigError).problems;
    }
  };
  expect(problemsOf({ AGENCY_CALDAV_PASSWORD: 'app-password-1' })).toEqual([
    'AGENCY_CALDAV_URL: must be the http(s) address of the calendar or of its server',
    'AGENCY_CALDAV_USERNAME: must be set with AGENCY_CALDAV_URL',
  ]);
  const both = problemsOf({
    AGENCY_CALDAV_URL: 'https://user:app-password-1@dav.example/cal/',
    AGENCY_CALENDAR_FEED_URL: 'https://calendar.example/basic.ics',
  });
  expect(both).toEqual([
    'AGENCY_CALDAV_URL: must not hold a user name or password (set AGENCY_CALDAV_USERNAME and AGENCY_CALDAV_PASSWORD)',
    'AGENCY_CALDAV_USERNAME: must be set with AGENCY_CALDAV_URL',
    'AGENCY_CALDAV_PASSWORD: must be set with AGENCY_CALDAV_URL (an app password where the provider has them)',
    'AGENCY_CALENDAR_FEED_URL and AGENCY_CALDAV_URL: set one of them (the CalDAV calendar is read and written; a feed is only read)',
  ]);
  expect(both.join('\n')).not.toContain('app-password-1');
});

test("a calendar feed that is not an http(s) URL is refused without repeating it (it is the calendar's password)", () => {
  let problems: string[] = [];
  try {
    resolveMailerConfig(
      {},
      {
        AGENCY_CALENDAR_FEED_URL: 'webcal://calendar.example/private-token/basic.ics',
        AGENCY_CALENDAR_READ_SECONDS: '1',
      },
    );
  } catch (error) {
    problems = (error as MailerConfigError).problems;
  }
  expect(problems).toEqual([
    'AGENCY_CALENDAR_READ_SECONDS: must be a whole number from 2 to 86400 (got "1")',
    'AGENCY_CALENDAR_FEED_URL: must be an http(s) URL (a webcal:// address works as https://)',
  ]);
});

test('every wrong setting is named in one clear error', () => {
  const attempt = () =>
    resolveMailerConfig(
      { leaseSeconds: 20 },
      {
        SUPABASE_URL: 'localhost:54321',
        SMTP_URL: 'http://mail',
        AGENCY_INBOX: 'nobody',
        AGENCY_LANGUAGE: 'fr',
        MAILER_PORT: 'eighty',
        MAILER_BATCH_SIZE: '500',
        MAILER_BACKOFF_BASE_SECONDS: '60',
        MAILER_BACKOFF_CAP_SECONDS: '30',
      },
    );
  expect(attempt).toThrow(MailerConfigError);
  let problems: string[] = [];
  try {
    attempt();
  } catch (error) {
    problems = (error as MailerConfigError).problems;
    expect((error as Error).message).toMatch(/^The mailer's configuration is not valid:\n {2}- SUPABASE_URL/);
  }
  expect(problems).toEqual([
    'SUPABASE_URL: must be an http(s) URL (got "localhost:54321")',
    'SMTP_URL: must be an smtp:// or smtps:// URL (got "http://mail")',
    'AGENCY_INBOX: must be an e-mail address (got "nobody")',
    'AGENCY_LANGUAGE: must be one of en, es, pt (got "fr")',
    'MAILER_PORT: must be a whole number from 0 to 65535 (got "eighty")',
    'MAILER_BATCH_SIZE: must be a whole number from 1 to 100 (got "500")',
    'MAILER_BACKOFF_CAP_SECONDS: must be at least MAILER_BACKOFF_BASE_SECONDS (60) (got "30")',
    'MAILER_SMTP_TIMEOUT_MS: must be at most half of MAILER_LEASE_SECONDS (20 s) (got 20000)',
  ]);
});
