// GET /health and GET /metrics on a real port: 200 while claims succeed, 503 once the last one
// failed; the queue's gauges read at the scrape, unknown (NaN) when the queue does not answer; the
// database's count of unreadable client addresses beside them, unknown on a backend without it.
import type { ClientAddressStats } from 'supabase-schema';
import type { Log } from '../log';
import { calendarStaleness } from '../calendar/calendarHealth';
import { newClaimStatus, newMailerStatus } from '../mailerStatus';
import { healthOf, startHealthServer, type HealthServer } from './healthServer';
import { createMailerMetrics } from './metrics';

let statsAnswer: () => Promise<{
  queued: number;
  due: number;
  failed: number;
  oldest_due_seconds: number | null;
}>;
let clientAddressAnswer: () => Promise<ClientAddressStats | null> = async () => null;
const warnings: string[] = [];
const log: Log = { debug() {}, info() {}, warn: (line) => warnings.push(line), error() {} };
const status = newMailerStatus();
let calendarNow = new Date('2027-01-04T14:00:00Z');
const metrics = createMailerMetrics(
  { stats: () => statsAnswer(), clientAddressStats: () => clientAddressAnswer() },
  log,
  () => (status.calendar ? calendarStaleness(status.calendar, calendarNow, 30) : null),
);
let server: HealthServer;

beforeAll(async () => {
  server = await startHealthServer({ config: { host: '127.0.0.1', port: 0 }, status, metrics });
});
afterAll(() => server.close());

test('health: the three jobs by name; starting, ok with the last send error, 503 once a claim failed', async () => {
  const health = async () => {
    const response = await fetch(`${server.url}/health`);
    return { code: response.status, body: await response.json() };
  };
  const sender = newClaimStatus();
  const writer = newClaimStatus();
  status.mailSender = sender;
  status.calendarWriter = writer;
  const starting = {
    lastClaimAt: null,
    lastClaimError: null,
    lastSendError: null,
    idleSince: null,
    nextRound: null,
  };
  expect(await health()).toEqual({
    code: 200,
    body: {
      status: 'starting',
      jobs: { mailSender: starting, calendarReader: null, calendarWriter: starting },
      wakeChannel: 'off',
    },
  });
  sender.lastClaimAt = new Date('2027-01-04T14:00:00Z');
  sender.lastSmtpError = { message: 'SMTP 421: busy', at: new Date('2027-01-04T14:00:01Z') };
  writer.lastClaimAt = new Date('2027-01-04T14:00:00Z');
  writer.idleSince = new Date('2027-01-04T14:00:02Z');
  writer.nextRound = { at: new Date('2027-01-04T14:00:07Z'), reason: 'poll' };
  expect(await health()).toMatchObject({
    code: 200,
    body: {
      status: 'ok',
      jobs: {
        mailSender: {
          lastClaimAt: '2027-01-04T14:00:00.000Z',
          lastSendError: { message: 'SMTP 421: busy', at: '2027-01-04T14:00:01.000Z' },
        },
        calendarWriter: {
          idleSince: '2027-01-04T14:00:02.000Z',
          nextRound: { at: '2027-01-04T14:00:07.000Z', reason: 'poll' },
        },
      },
    },
  });
  writer.lastClaimError = 'claim_mail: fetch failed';
  expect(await health()).toMatchObject({
    code: 503,
    body: {
      status: 'queue_unreachable',
      jobs: { calendarWriter: { lastClaimError: 'claim_mail: fetch failed' } },
    },
  });
  // A process that runs the mail sender alone answers for it alone.
  status.calendarWriter = null;
  expect(await health()).toMatchObject({ code: 200, body: { jobs: { calendarWriter: null } } });
  status.mailSender = null;
});

test('metrics: the queue read at each scrape, the counters by kind', async () => {
  statsAnswer = async () => ({ queued: 7, due: 3, failed: 1, oldest_due_seconds: 42.5 });
  metrics.sent('booking_confirmation');
  metrics.sendFailed('booking_notice');
  const response = await fetch(`${server.url}/metrics`);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  const text = await response.text();
  for (const line of [
    'mailer_queue_up 1',
    'mailer_queue_queued 7',
    'mailer_queue_due 3',
    'mailer_queue_failed 1',
    'mailer_queue_oldest_due_age_seconds 42.5',
    'mailer_sent_total{kind="booking_confirmation"} 1',
    'mailer_sent_total{kind="cancellation_notice"} 0',
    'mailer_send_failures_total{kind="booking_notice"} 1',
    'mailer_sent_total{kind="address_code"} 0',
    'mailer_skipped_total{kind="booking_reminder"} 0',
    'mailer_compose_failures_total{kind="booking_notice",part="invitation"} 0',
    'mailer_compose_failures_total{kind="address_code",part="message"} 0',
    // A backend without client_address_stats (its migration not applied): unknown (prom-client writes Nan).
    'booking_requests_unreadable_client_address_total Nan',
  ])
    expect(text.split('\n')).toContain(line);
  expect(text).toMatch(/^mailer_process_cpu_seconds_total /m);

  statsAnswer = async () => {
    throw new Error('mail_queue_stats: fetch failed');
  };
  const down = (await (await fetch(`${server.url}/metrics`)).text()).split('\n');
  expect(down).toContain('mailer_queue_up 0');
  expect(down).toContain('mailer_queue_due Nan');
});

test('metrics: compose failures and skips by kind and part', async () => {
  metrics.composeFailed('booking_notice', 'invitation');
  metrics.composeFailed('booking_confirmation', 'message');
  metrics.skipped('booking_reminder');
  const lines = (await (await fetch(`${server.url}/metrics`)).text()).split('\n');
  expect(lines).toContain('mailer_compose_failures_total{kind="booking_notice",part="invitation"} 1');
  expect(lines).toContain('mailer_compose_failures_total{kind="booking_confirmation",part="message"} 1');
  expect(lines).toContain('mailer_skipped_total{kind="booking_reminder"} 1');
});

test("metrics: the address step's refusals by limit and the last hour's wrong codes, NaN when not told", async () => {
  statsAnswer = async () => ({ queued: 0, due: 0, failed: 0, oldest_due_seconds: null });
  const scrape = async () => (await (await fetch(`${server.url}/metrics`)).text()).split('\n');
  // No unreadable total (NaN): this test leaves the next one's warnings alone.
  clientAddressAnswer = async () => ({ unreadable_total: Number.NaN, last_unreadable_at: null });
  expect(await scrape()).toContain('booking_address_limit_refusals_total{limit="mailbox_codes"} Nan');
  clientAddressAnswer = async () => ({
    unreadable_total: Number.NaN,
    last_unreadable_at: null,
    address_step: {
      refusals: { mailbox_codes: 4, code_checks_per_network: 2 },
      code_mails_last_hour: 12,
      wrong_codes_last_hour: 9,
      most_wrong_codes_one_network_last_hour: 7,
    },
  });
  const lines = await scrape();
  expect(lines).toContain('booking_address_limit_refusals_total{limit="mailbox_codes"} 4');
  expect(lines).toContain('booking_address_limit_refusals_total{limit="code_checks_per_network"} 2');
  expect(lines).toContain('booking_address_code_mails_last_hour 12');
  expect(lines).toContain('booking_address_most_wrong_codes_one_network_last_hour 7');
});

test('metrics: unreadable client addresses, read at each scrape; a warning when the count grew, at most once a minute', async () => {
  statsAnswer = async () => ({ queued: 0, due: 0, failed: 0, oldest_due_seconds: null });
  const scrape = async () => (await (await fetch(`${server.url}/metrics`)).text()).split('\n');
  let total = 3;
  clientAddressAnswer = async () => ({ unreadable_total: total, last_unreadable_at: null });
  expect(await scrape()).toContain('booking_requests_unreadable_client_address_total 3');
  // The first reading is the baseline: no growth seen yet.
  expect(warnings).toEqual([]);
  total = 5;
  expect(await scrape()).toContain('booking_requests_unreadable_client_address_total 5');
  expect(warnings).toEqual([
    '2 booking request(s) came without a readable client address (5 in all): the client address header is missing or misconfigured: see docs/backend.md#the-client-address',
  ]);
  total = 6;
  await scrape();
  expect(warnings).toHaveLength(1);
  clientAddressAnswer = async () => {
    throw new Error('client_address_stats: fetch failed');
  };
  expect(await scrape()).toContain('booking_requests_unreadable_client_address_total Nan');
});

test("the agency calendar's reads: /health and /metrics say since when it is unread, and when that is stale", async () => {
  const readAt = new Date('2027-01-04T14:00:00Z');
  status.calendar = { source: 'agency-caldav', watchingSince: readAt, lastReadAt: readAt, lastError: null };
  const lines = async () => (await (await fetch(`${server.url}/metrics`)).text()).split('\n');
  expect(healthOf(status, 30, readAt).body.jobs.calendarReader).toEqual({
    source: 'agency-caldav',
    status: 'ok',
    lastReadAt: '2027-01-04T14:00:00.000Z',
    unreadSince: null,
    lastError: null,
  });
  expect(await lines()).toContain('mailer_agency_calendar_last_read_timestamp_seconds 1799071200');
  expect(await lines()).toContain('mailer_agency_calendar_stale 0');

  status.calendar.lastError = 'CalDAV: no answer to the calendar query: fetch failed';
  calendarNow = new Date('2027-01-04T15:00:00Z');
  expect(healthOf(status, 30, calendarNow).body.jobs.calendarReader).toEqual({
    source: 'agency-caldav',
    status: 'stale',
    lastReadAt: '2027-01-04T14:00:00.000Z',
    unreadSince: '2027-01-04T14:00:00.000Z',
    lastError: 'CalDAV: no answer to the calendar query: fetch failed',
  });
  expect(await lines()).toContain('mailer_agency_calendar_stale 1');
  status.calendar = null;
  expect(await lines()).toContain('mailer_agency_calendar_stale Nan');
});
