/**
 * Many visitors asking for their codes within one minute, each from a network of its own (a
 * 127.0.N.1 source address is the /24 127.0.N.0 to the local gateway), as real visitors come: how
 * long from each request to its code mail in MailDev (read every 50 ms). API calls with the form's
 * proof of work, not browsers: the figure is the backend's and the mailer's, not a page's.
 */
import http from 'node:http';
import { solveChallenge } from 'altcha-lib/v1';
import { LOCAL_ANON_KEY } from 'local-backend';

const MAILDEV_POLL_MS = 50;

/** A JSON POST from `from`; answers the status and body. */
function post(
  /** @type {string} */ url,
  /** @type {object} */ body,
  /** @type {string} */ from,
  headers = {},
) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        localAddress: from,
        headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {} }),
        );
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** One visitor: a challenge, its proof, the code request; answers when the request was sent. */
async function askForCode(
  /** @type {string} */ api,
  /** @type {string} */ email,
  /** @type {string} */ from,
) {
  const { body: challenge } = /** @type {any} */ (
    await post(`${api}/rest/v1/rpc/booking_challenge`, {}, from)
  );
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  const proof = Buffer.from(
    JSON.stringify({ ...challenge, maxnumber: undefined, number: solution?.number }),
  ).toString('base64');
  const sentAt = Date.now();
  const answer = /** @type {any} */ (
    await post(`${api}/rest/v1/rpc/request_booking_code`, { email, language: 'en' }, from, {
      'x-booking-proof': proof,
    })
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
