/**
 * `npm run dev --workspace mailer` (and the root `npm run dev`): the mailer with a MailDev of its
 * own on :1025/:1080 (or one already there), so the bookings made in development show up in
 * http://localhost:1080. SMTP_URL set: that server instead, and no MailDev.
 */
import { smtpServerNamed } from './config';
import { startMailDev, type RunningMailDev } from './maildev/startMailDev';
import { startMailer } from './startMailer';

async function dev() {
  let mailDev: RunningMailDev | null = null;
  if (!smtpServerNamed()) {
    try {
      mailDev = await startMailDev();
      console.log(`maildev           ${mailDev.url}   (SMTP ${mailDev.smtpUrl})`);
    } catch (error) {
      console.error(`MailDev did not start (${(error as Error).message}); sending to smtp://localhost:1025.`);
    }
  }
  const mailer = await startMailer();
  console.log(`mailer            ${mailer.url}`);
  const stop = () =>
    void mailer
      .stop()
      .then(() => mailDev?.stop())
      .then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

dev().catch((error: unknown) => {
  console.error('[mailer] could not start:', error);
  process.exit(1);
});
