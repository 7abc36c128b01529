// The mailer wakes when mail is queued (20270223090000_mail_wake.sql, the Realtime broadcast the
// local backend stands in for), and when a queued message falls due, not at its poll: here the poll
// is ten minutes, so a message that arrives within a test's wait came by the wake-up.
import { startLocalBackend, type RunningBackend } from 'local-backend';
import { mailDevInbox, type MailDevInbox, type MailDevMessage } from './maildev/mailDevInbox';
import { startMailDev, type RunningMailDev } from './maildev/startMailDev';
import { startMailer, type RunningMailer } from './startMailer';
import { bookDirectly } from './testing/bookDirectly';

const TEN_MINUTES = 600_000;

let backend: RunningBackend;
let mailDev: RunningMailDev;
let inbox: MailDevInbox;
let mailer: RunningMailer;

async function health(): Promise<{ wakeChannel: string; idleSince: string | null }> {
  return (await (await fetch(`${mailer.url}/health`)).json()) as {
    wakeChannel: string;
    idleSince: string | null;
  };
}

/** Until the loop waits for mail (its first rounds done) with the channel joined. */
async function waiting(): Promise<void> {
  for (;;) {
    const { wakeChannel, idleSince } = await health();
    if (wakeChannel === 'joined' && idleSince !== null) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  [backend, mailDev] = await Promise.all([
    startLocalBackend({ config: { port: 0 } }),
    startMailDev({ smtpPort: 0, webPort: 0 }),
  ]);
  inbox = mailDevInbox(mailDev.url);
  mailer = await startMailer({
    supabaseUrl: backend.url,
    smtpUrl: mailDev.smtpUrl,
    agencyInbox: 'bookings@istmo.example',
    port: 0,
    pollIntervalMs: TEN_MINUTES,
    logLevel: 'silent',
  });
});
// Each test queues mail while the loop waits: then only a wake-up can send it before the poll.
beforeEach(waiting);
afterAll(async () => {
  await mailer?.stop();
  await Promise.all([mailDev?.stop(), backend?.stop()]);
});

const to = (address: string) => (message: MailDevMessage) =>
  message.to.some((item) => item.address === address);

test('a booking queued while the mailer waits is mailed at once, not at the poll', async () => {
  const { email } = await bookDirectly(backend);
  const [confirmation] = await inbox.waitFor((messages) => messages.some(to(email)));
  expect(confirmation).toBeDefined();
  const metrics = await (await fetch(`${mailer.url}/metrics`)).text();
  expect(metrics).toMatch(/mailer_wakeups_total\{job="mail-sender",reason="queued"\} [1-9]/);
  expect(metrics).toContain('mailer_wake_channel_joined 1');
  // Its queue-to-send delay is measured: due when queued, sent at once.
  expect(metrics).toMatch(/mailer_queue_to_send_seconds_count\{kind="booking_confirmation"\} [1-9]/);
});

test('a message queued to go out a moment later goes out at its time, not at the poll', async () => {
  const { email, id } = await bookDirectly(backend);
  await inbox.waitFor((messages) => messages.some(to(email)));
  await inbox.deleteAll();
  await backend.database.query(
    `insert into private.mail_outbox (booking_id, kind, send_after)
     values ($1, 'booking_confirmation', now() + interval '1500 milliseconds')`,
    [id],
  );
  await inbox.waitFor((messages) => messages.some(to(email)));
  const [row] = await backend.database.query(
    `select sent_at >= send_after as on_time from private.mail_outbox
     where booking_id = $1 and kind = 'booking_confirmation' order by id desc limit 1`,
    [id],
  );
  expect(row?.on_time).toBe(true);
});
