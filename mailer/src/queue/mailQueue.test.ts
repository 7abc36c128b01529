// The queue against a stand-in PostgREST on a real port: claim_mail's rows made into the mail
// union (a row that fits no kind kept apart), mail_skipped's arguments, and client_address_stats
// on a backend that does not know it (404 PGRST202): unknown, not an error.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClaimedMailRow } from 'supabase-schema';
import { sampleBooking } from '../testing/sampleMail';
import { createMailQueue, type MailQueue } from './mailQueue';

const answers: Record<string, { status: number; body: unknown }> = {};
const asked: Record<string, unknown> = {};
let server: Server;
let queue: MailQueue;

beforeAll(async () => {
  server = createServer((request, response) => {
    const rpc = request.url?.replace(/^\/rest\/v1\/rpc\//, '').replace(/\?.*$/, '') ?? '';
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      asked[rpc] = body ? JSON.parse(body) : null;
      const answer = answers[rpc] ?? {
        status: 404,
        body: {
          code: 'PGRST202',
          message: `Could not find the function public.${rpc}`,
          details: null,
          hint: null,
        },
      };
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  queue = createMailQueue(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'service-key');
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const row = (overrides: Partial<ClaimedMailRow>): ClaimedMailRow => ({
  message_id: 1,
  kind: 'booking_notice',
  attempt: 1,
  cancel_token: null,
  booking: null,
  code: null,
  address: null,
  ...overrides,
});

test('claim: rows become booking mail or code mail; a row that fits no kind is kept apart', async () => {
  const address = { email: 'ana@cafe.example', language: 'en' as const, valid_minutes: 10 };
  answers.claim_mail = {
    status: 200,
    body: [
      row({ message_id: 1, booking: sampleBooking(), due_seconds: 0.4 }),
      // A database before claim_mail answered due_seconds: the delay is unknown, not zero.
      row({ message_id: 2, kind: 'address_code', code: '123456', address }),
      row({ message_id: 3, kind: 'address_code', code: '12345', address }),
      row({ message_id: 4, kind: 'booking_reminder' }),
    ],
  };
  const { mail, misfits } = await queue.claim(10, 60);
  expect(asked.claim_mail).toEqual({ batch_size: 10, lease_seconds: 60 });
  expect(mail).toEqual([
    {
      message_id: 1,
      kind: 'booking_notice',
      attempt: 1,
      due_seconds: 0.4,
      cancel_token: null,
      booking: sampleBooking(),
    },
    { message_id: 2, kind: 'address_code', attempt: 1, due_seconds: null, code: '123456', address },
  ]);
  expect(misfits.map(({ message_id, problem }) => [message_id, problem])).toEqual([
    [3, 'claim_mail answered a row this mailer cannot send: address_code without a six-digit code'],
    [4, 'claim_mail answered a row this mailer cannot send: booking_reminder without a booking'],
  ]);
});

test('skipped: mail_skipped with the message, the attempt and the reason', async () => {
  answers.mail_skipped = { status: 200, body: true };
  expect(await queue.skipped(9, 2, 'not sent: the call was cancelled')).toBe(true);
  expect(asked.mail_skipped).toEqual({
    message_id: 9,
    attempt: 2,
    reason: 'not sent: the call was cancelled',
  });
});

test('client address stats: the figures, or null from a backend without the function', async () => {
  delete answers.client_address_stats;
  expect(await queue.clientAddressStats()).toBeNull();
  answers.client_address_stats = {
    status: 200,
    body: { unreadable_total: 4, last_unreadable_at: '2027-01-04T14:00:00+00:00' },
  };
  expect(await queue.clientAddressStats()).toEqual({
    unreadable_total: 4,
    last_unreadable_at: '2027-01-04T14:00:00+00:00',
  });
  answers.client_address_stats = { status: 500, body: { code: 'XX000', message: 'boom', details: null } };
  await expect(queue.clientAddressStats()).rejects.toThrow(/client_address_stats: XX000 boom/);
});
