/**
 * `npm start --workspace mailer` (node dist/main.js): the mailer from the environment (see
 * config.ts), its URL printed; SIGINT or SIGTERM stops it cleanly (the message in hand is
 * finished, the rest of its batch handed back to the queue).
 */
import { MailerConfigError } from './config';
import { startMailer } from './startMailer';

async function main() {
  const mailer = await startMailer();
  console.log(
    `mailer            ${mailer.url}  (health: ${mailer.url}/health, metrics: ${mailer.url}/metrics)`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[mailer] ${signal}: finishing the message in hand, then stopping`);
    mailer.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[mailer] could not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof MailerConfigError) console.error(`[mailer] ${error.message}`);
  else console.error('[mailer] could not start:', error);
  process.exit(1);
});
