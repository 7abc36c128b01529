// The mailer's three jobs run apart (MAILER_JOBS): a process that runs the mail sender alone never
// claims the calendar's rows, and one that runs the calendar writer alone never sends an e-mail;
// each process's /health answers for its own jobs. One outbox, the real database and MailDev.
import { startLocalBackend, type RunningBackend } from 'local-backend';
import { mailDevInbox, type MailDevInbox, type MailDevMessage } from './maildev/mailDevInbox';
import { startMailDev, type RunningMailDev } from './maildev/startMailDev';
import { startMailer, type RunningMailer } from './startMailer';
import { bookDirectly, outbox } from './testing/bookDirectly';
import type { MailerConfig } from './config';

let backend: RunningBackend;
let mailDev: RunningMailDev;
let inbox: MailDevInbox;
let sender: RunningMailer;
let writer: RunningMailer;

const options = (jobs: MailerConfig['jobs']): Partial<MailerConfig> => ({
  supabaseUrl: backend.url,
  smtpUrl: mailDev.smtpUrl,
  agencyInbox: 'bookings@istmo.example',
  port: 0,
  pollIntervalMs: 100,
  logLevel: 'silent',
  jobs,
});

beforeAll(async () => {
  [backend, mailDev] = await Promise.all([
    startLocalBackend({ config: { port: 0 } }),
    startMailDev({ smtpPort: 0, webPort: 0 }),
  ]);
  inbox = mailDevInbox(mailDev.url);
  [sender, writer] = await Promise.all([
    startMailer(options(['mail-sender'])),
    startMailer(options(['calendar-writer'])),
  ]);
});
afterAll(async () => {
  await Promise.all([sender?.stop(), writer?.stop()]);
  await Promise.all([mailDev?.stop(), backend?.stop()]);
});

const to = (address: string) => (message: MailDevMessage) =>
  message.to.some((item) => item.address === address);
const metric = async (mailer: RunningMailer, line: string) =>
  (await (await fetch(`${mailer.url}/metrics`)).text()).split('\n').find((each) => each.startsWith(line));

test('the mail sender sends the e-mails, the calendar writer takes the calendar rows, neither the other', async () => {
  const { email } = await bookDirectly(backend);
  await inbox.waitFor((messages) => messages.some(to(email)) && messages.some(to('bookings@istmo.example')));
  // No calendar is configured here: the writer records its row as skipped.
  for (;;) {
    const rows = await outbox(backend);
    if (rows.find((row) => row.kind === 'calendar_event')?.status === 'skipped') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await metric(sender, 'mailer_skipped_total{kind="calendar_event"}')).toMatch(/ 0$/);
  expect(await metric(writer, 'mailer_skipped_total{kind="calendar_event"}')).toMatch(/ 1$/);
  expect(await metric(writer, 'mailer_sent_total{kind="booking_confirmation"}')).toMatch(/ 0$/);

  const health = async (mailer: RunningMailer) =>
    ((await (await fetch(`${mailer.url}/health`)).json()) as { jobs: Record<string, unknown> }).jobs;
  expect(await health(sender)).toMatchObject({ calendarReader: null, calendarWriter: null });
  expect((await health(sender)).mailSender).not.toBeNull();
  expect(await health(writer)).toMatchObject({ mailSender: null, calendarReader: null });
  expect((await health(writer)).calendarWriter).not.toBeNull();
});

test('MAILER_JOBS names only the three jobs', async () => {
  await expect(startMailer(options(['mail-sender', 'newsletter' as never]))).rejects.toThrow(/MAILER_JOBS/);
});
