/**
 * Many visitors asking for their codes within one minute, each from a network of its own (a
 * 127.0.N.1 source address is the /24 127.0.N.0 to the local gateway), as real visitors come: how
 * long from each request to its code mail in MailDev (read every 50 ms). API calls with the form's
 * proof of work, not browsers: the figure is the backend's and the mailer's, not a page's.
 */
import { bookingProof, callFrom } from 'local-backend';

const MAILDEV_POLL_MS = 50;

/** One visitor: its proof of work solved as the form solves it, then the code request; answers when it was sent. */
async function askForCode(
  /** @type {string} */ api,
  /** @type {string} */ email,
  /** @type {string} */ from,
) {
  const proof = await bookingProof(api, from);
  const sentAt = Date.now();
  const answer = await callFrom(
    api,
    '/rest/v1/rpc/request_booking_code',
    { email, language: 'en' },
    { from, headers: { 'x-booking-proof': proof } },
  );
  if (answer.status !== 200)
    throw new Error(`request_booking_code answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return sentAt;
}

const percentile = (/** @type {number[]} */ values, /** @type {number} */ share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
};

/**
 * `visitors` code requests spread over one minute; the request-to-mail delays' median, p95 and max.
 * @param {{ api: string, mailDev: string, visitors: number }} options
 */
export async function measureCodeMailsUnderLoad({ api, mailDev, visitors }) {
  const run = Date.now();
  const emails = Array.from({ length: visitors }, (_, index) => `load-${run}-${index}@example.com`);
  /** @type {Map<string, number>} */
  const sentAt = new Map();
  /** @type {Map<string, number>} */
  const arrivedAt = new Map();
  let watching = true;
  const watch = (async () => {
    while (watching || arrivedAt.size < sentAt.size) {
      const messages = /** @type {any[]} */ (await (await fetch(`${mailDev}/api/email`)).json());
      for (const message of messages)
        for (const { address } of message.to)
          if (sentAt.has(address) && !arrivedAt.has(address)) arrivedAt.set(address, Date.now());
      if (Date.now() - run > 180_000) throw new Error('code mails still missing after three minutes');
      await new Promise((resolve) => setTimeout(resolve, MAILDEV_POLL_MS));
    }
  })();
  const spacing = 60_000 / visitors;
  await Promise.all(
    emails.map(async (email, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * spacing));
      sentAt.set(email, await askForCode(api, email, `127.0.${10 + (index % 240)}.1`));
    }),
  );
  watching = false;
  await watch;
  const delays = emails.map((email) => Number(arrivedAt.get(email)) - Number(sentAt.get(email)));
  return {
    codeMailMedianMs: percentile(delays, 0.5),
    codeMailP95Ms: percentile(delays, 0.95),
    codeMailMaxMs: Math.max(...delays),
  };
}
