// The mailer against the real database (the local backend, its migrations) and a real SMTP
// server (MailDev): bookings' messages arrive, with their invitation and a cancel link that
// works; none is lost while the SMTP server is down; mailers sharing one queue send nothing twice.
import { LOCAL_ANON_KEY, startLocalBackend, type RunningBackend } from 'local-backend';
import ICAL from 'ical.js';
import { mailDevInbox, type MailDevInbox, type MailDevMessage } from './maildev/mailDevInbox';
import { startMailDev, type RunningMailDev } from './maildev/startMailDev';
import { startMailer, type RunningMailer } from './startMailer';
import { bookDirectly, outbox, slotWithinADay } from './testing/bookDirectly';
import type { MailerConfig } from './config';

const AGENCY = 'bookings@istmo.example';

let backend: RunningBackend;
let mailDev: RunningMailDev;
let inbox: MailDevInbox;
let mailer: RunningMailer;

/** Quick to retry, quick to poll: the tests wait on the inbox and the outbox, never on a clock. */
function mailerOptions(overrides: Partial<MailerConfig> = {}): Partial<MailerConfig> {
  return {
    supabaseUrl: backend.url,
    smtpUrl: mailDev.smtpUrl,
    agencyInbox: AGENCY,
    port: 0,
    pollIntervalMs: 50,
    backoffBaseSeconds: 1,
    backoffCapSeconds: 1,
    leaseSeconds: 30,
    smtpTimeoutMs: 2_000,
    logLevel: 'silent',
    ...overrides,
  };
}

beforeAll(async () => {
  [backend, mailDev] = await Promise.all([
    startLocalBackend({ config: { port: 0 } }),
    startMailDev({ smtpPort: 0, webPort: 0 }),
  ]);
  inbox = mailDevInbox(mailDev.url);
  mailer = await startMailer(mailerOptions());
});
afterAll(async () => {
  await mailer?.stop();
  await Promise.all([mailDev?.stop(), backend?.stop()]);
});
beforeEach(async () => {
  await backend.database.query('truncate public.bookings, private.booking_requests cascade');
  await inbox.deleteAll();
});

/** Until every message due is sent (the reminders of calls days ahead wait for their day). */
async function allSent(timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await outbox(backend);
    const waiting = rows.filter((row) => (row.status === 'queued' && row.due) || row.status === 'failed');
    if (rows.length > 0 && waiting.length === 0) return;
    if (Date.now() > deadline) throw new Error(`not all sent: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function calendarOf(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate(),
  };
}

const to = (address: string) => (message: MailDevMessage) =>
  message.to.some((item) => item.address === address);

async function anon<T>(rpc: string, body: object): Promise<T> {
  const response = await fetch(`${backend.url}/rest/v1/rpc/${rpc}`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${rpc} answered ${response.status}`);
  return (await response.json()) as T;
}

test('a booking in Spanish: the confirmation and the notice arrive with the invitation; its cancel link cancels the call, and the cancellations follow', async () => {
  const booking = await bookDirectly(backend, { language: 'es', timeZone: 'America/Argentina/Buenos_Aires' });
  const arrived = await inbox.waitForCount(2);
  const confirmation = arrived.find(to(booking.email));
  const notice = arrived.find(to(AGENCY));
  expect(confirmation?.subject).toMatch(/^Tu llamada de descubrimiento con .+ está agendada$/);
  expect(confirmation?.text).toContain('(hora de Panamá)');
  expect(confirmation?.text).toContain('tu hora');
  expect(notice?.subject).toMatch(/^New discovery call: María Fernanda Castillo/);
  // Header lines unfolded (a long Reply-To goes on over two).
  const noticeSource = (await inbox.source(notice as MailDevMessage)).replace(/\r?\n[ \t]+/g, ' ');
  expect(noticeSource).toMatch(new RegExp(`^Reply-To: .*<${booking.email}>`, 'm'));

  const invitation = calendarOf((await inbox.calendar(confirmation as MailDevMessage)) ?? '');
  expect(invitation.method).toBe('REQUEST');
  expect(invitation.uid).toMatch(new RegExp(`^booking-${booking.id}@`));
  expect(calendarOf((await inbox.calendar(notice as MailDevMessage)) ?? '').uid).toBe(invitation.uid);

  // The link in the e-mail is the one the cancel page reads: its token opens this booking.
  const link = /https?:\/\/\S+\/booking\/cancel\?token=([A-Za-z0-9_-]{43})&lang=es/.exec(
    confirmation?.text ?? '',
  );
  expect(link).not.toBeNull();
  const token = link?.[1] as string;
  expect(await anon('booking_for_cancellation', { token })).toMatchObject({ state: 'open' });
  expect(await anon('cancel_booking', { token })).toMatchObject({ state: 'cancelled' });

  const all = await inbox.waitForCount(4);
  const cancellations = all.filter(
    (message) => message.subject.includes('cancel') || message.subject.startsWith('Cancel'),
  );
  expect(cancellations).toHaveLength(2);
  for (const message of cancellations) {
    const cancel = calendarOf((await inbox.calendar(message)) ?? '');
    expect(cancel).toMatchObject({ method: 'CANCEL', uid: invitation.uid });
    expect(cancel.sequence).toBeGreaterThan(0);
  }
  await allSent();
  // The reminder of the cancelled call is never sent; with no CalDAV calendar here, the booking's
  // calendar events (queued by its insert and its cancellation) are recorded as skipped.
  expect((await outbox(backend)).map(({ kind, status }) => `${kind} ${status}`)).toEqual([
    'calendar_event skipped',
    'booking_confirmation sent',
    'booking_notice sent',
    'booking_reminder skipped',
    'calendar_event skipped',
    'cancellation_confirmation sent',
    'cancellation_notice sent',
  ]);
});

test('a call less than a day ahead: its reminder goes at once; health and metrics say so', async () => {
  const booking = await bookDirectly(backend, { slot: slotWithinADay() });
  const arrived = await inbox.waitForCount(3);
  const reminder = arrived.find((message) => message.subject.startsWith('Reminder'));
  expect(reminder?.to[0]?.address).toBe(booking.email);
  expect(reminder?.text).toMatch(/is soon|in about 24 hours/);
  expect(reminder?.text).toMatch(/\/booking\/cancel\?token=[A-Za-z0-9_-]{43}(\s|$)/);
  await allSent();

  const health = await fetch(`${mailer.url}/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', jobs: { mailSender: { lastSendError: null } } });
  const metrics = await (await fetch(`${mailer.url}/metrics`)).text();
  expect(metrics).toMatch(/^mailer_sent_total\{kind="booking_reminder"\} [1-9]/m);
  expect(metrics).toMatch(/^mailer_queue_up 1$/m);
  expect(metrics).toMatch(/^mailer_queue_due 0$/m);
});

test('MailDev down while bookings are made, then up again: every message arrives, none is lost', async () => {
  const smtpPort = mailDev.smtpPort;
  await mailDev.stop();
  const bookings = await Promise.all([1, 2, 3].map(() => bookDirectly(backend)));
  // Every message has been tried and refused: the mailer keeps them queued, with the error.
  await waitFor(async () => {
    const rows = await outbox(backend);
    return rows.filter((row) => row.status === 'queued' && row.last_error).length === 6;
  });
  const health = await (await fetch(`${mailer.url}/health`)).json();
  expect(health).toMatchObject({ status: 'ok' });
  expect(health.jobs.mailSender.lastSendError.message).toMatch(/ECONNREFUSED|ESOCKET|connect/);

  mailDev = await startMailDev({ smtpPort, webPort: 0 });
  inbox = mailDevInbox(mailDev.url);
  const arrived = await inbox.waitForCount(6);
  await allSent();
  expect(await inbox.messages()).toHaveLength(6);
  for (const booking of bookings) {
    expect(arrived.filter(to(booking.email))).toHaveLength(1);
  }
  expect(arrived.filter(to(AGENCY))).toHaveLength(3);
});

/** How many messages this mailer has sent, by its own counters. */
async function sentBy(one: RunningMailer): Promise<number> {
  const text = await (await fetch(`${one.url}/metrics`)).text();
  return [...text.matchAll(/^mailer_sent_total\{kind="[a-z_]+"\} (\d+)$/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}

test('mailers draining one queue at once send nothing twice', async () => {
  // Beside the first (batches of 10), two more taking one message per claim: all three claim
  // over and over while the bookings come in.
  const others = await Promise.all([1, 2].map(() => startMailer(mailerOptions({ batchSize: 1 }))));
  const mailers = [mailer, ...others];
  try {
    const before = await Promise.all(mailers.map(sentBy));
    const bookings = await Promise.all(Array.from({ length: 10 }, () => bookDirectly(backend)));
    await Promise.all([...mailers, ...mailers].map((each) => each.drain()));
    await allSent();
    const arrived = await inbox.messages();
    expect(arrived).toHaveLength(20);
    expect(new Set(arrived.map((message) => message.headers['message-id'])).size).toBe(20);
    for (const booking of bookings) expect(arrived.filter(to(booking.email))).toHaveLength(1);
    const sent = (await Promise.all(mailers.map(sentBy))).map((count, index) => count - (before[index] ?? 0));
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(20);
    expect(sent.filter((count) => count > 0).length).toBeGreaterThanOrEqual(2);
  } finally {
    await Promise.all(others.map((other) => other.stop()));
  }
});

async function waitFor(done: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('still waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
