// One round against a fake queue and a fake SMTP server: what is recorded after a send, a
// refusal, a permanent answer and the last attempt; the rest of the batch handed back when the
// mailer stops or the lease runs short; a failed claim holds nothing.
import type { ClaimedMail } from 'supabase-schema';
import { drainOnce, type DrainDependencies } from './drainOnce';
import { createLog } from './log';
import { newMailerStatus } from './mailerStatus';
import type { MailQueue } from './queue/mailQueue';
import { sampleConfig, sampleMail } from './testing/sampleMail';

function claimed(id: number, attempt = 1): ClaimedMail {
  return { ...sampleMail('booking_notice'), message_id: id, attempt };
}

function setUp(batch: ClaimedMail[], send: (id: number) => Promise<unknown> = async () => ({})) {
  const calls: string[] = [];
  const queue: MailQueue = {
    claim: async () => batch,
    sent: async (id, attempt) => (calls.push(`sent ${id}/${attempt}`), true),
    failed: async (id, attempt, error, retry) => (
      calls.push(`failed ${id}/${attempt} ${retry} ${error}`),
      true
    ),
    stats: async () => ({ queued: 0, due: 0, failed: 0, oldest_due_seconds: null }),
  };
  let stopping = false;
  let sends = 0;
  const counted: string[] = [];
  const deps: DrainDependencies = {
    config: sampleConfig({ backoffBaseSeconds: 15, maxAttempts: 3 }),
    queue,
    transport: {
      sendMail: async () => {
        calls.push('smtp');
        return send(batch[sends++]?.message_id ?? 0);
      },
    } as never,
    metrics: {
      sent: (kind) => counted.push(`sent ${kind}`),
      sendFailed: (kind) => counted.push(`failed ${kind}`),
    },
    status: newMailerStatus(),
    log: createLog('silent'),
    stopping: () => stopping,
  };
  return { deps, calls, counted, stop: () => (stopping = true) };
}

const refusal = (responseCode: number) =>
  Object.assign(new Error(`${responseCode} no`), { responseCode, response: `${responseCode} no` });

test('sent messages are recorded with mail_sent, and counted', async () => {
  const { deps, calls, counted } = setUp([claimed(1), claimed(2)]);
  expect(await drainOnce(deps)).toEqual({ claimed: 2, sent: 2, claimFailed: false });
  expect(calls).toEqual(['smtp', 'sent 1/1', 'smtp', 'sent 2/1']);
  expect(counted).toEqual(['sent booking_notice', 'sent booking_notice']);
  expect(deps.status.lastClaimAt).toBeInstanceOf(Date);
});

test('a refusal is tried again after the backoff; a permanent answer or the last attempt gives up; the round goes on', async () => {
  const answers: Record<number, unknown> = {
    1: refusal(451),
    2: refusal(550),
    3: new Error('connection lost'),
  };
  const { deps, calls, counted } = setUp([claimed(1), claimed(2), claimed(3, 3), claimed(4)], async (id) => {
    if (answers[id]) throw answers[id];
    return {};
  });
  expect(await drainOnce(deps)).toEqual({ claimed: 4, sent: 1, claimFailed: false });
  expect(calls.filter((call) => call !== 'smtp')).toEqual([
    'failed 1/1 15 SMTP 451: 451 no',
    'failed 2/1 null SMTP 550: 550 no',
    'failed 3/3 null connection lost',
    'sent 4/1',
  ]);
  expect(counted.filter((count) => count.startsWith('failed'))).toHaveLength(3);
  expect(deps.status.lastSmtpError).toBeNull();
});

test('the last SMTP error is kept for /health until a send succeeds', async () => {
  const { deps } = setUp([claimed(1)], async () => {
    throw refusal(421);
  });
  await drainOnce(deps);
  expect(deps.status.lastSmtpError?.message).toBe('SMTP 421: 421 no');
});

test('stopping: the message in hand is finished, the rest handed back at once', async () => {
  const setup = setUp([claimed(1), claimed(2), claimed(3)], async () => {
    setup.stop();
    return {};
  });
  await drainOnce(setup.deps);
  expect(setup.calls).toEqual([
    'smtp',
    'sent 1/1',
    'failed 2/1 0 released unsent: the mailer stopped',
    'failed 3/1 0 released unsent: the mailer stopped',
  ]);
});

test('no message is started with less than the SMTP timeout left of its lease', async () => {
  const setup = setUp([claimed(1), claimed(2)]);
  const config = { ...setup.deps.config, leaseSeconds: 5, smtpTimeoutMs: 2_500 };
  const start = Date.now();
  const clock = jest.spyOn(Date, 'now').mockImplementation(() => start);
  try {
    let sends = 0;
    setup.deps.transport = {
      sendMail: async () => {
        sends += 1;
        // The first send takes 3 s: the lease has 2 s left, less than the SMTP timeout.
        clock.mockImplementation(() => start + 3_000);
        return {};
      },
    } as never;
    await drainOnce({ ...setup.deps, config });
    expect(sends).toBe(1);
    expect(setup.calls).toEqual([
      'sent 1/1',
      'failed 2/1 0 released unsent: too little of the lease was left to start it',
    ]);
  } finally {
    clock.mockRestore();
  }
});

test('a claim that fails holds nothing, sends nothing, and is reported', async () => {
  const { deps, calls } = setUp([]);
  deps.queue.claim = async () => {
    throw new Error('claim_mail: TypeError: fetch failed');
  };
  expect(await drainOnce(deps)).toEqual({ claimed: 0, sent: 0, claimFailed: true });
  expect(calls).toEqual([]);
  expect(deps.status.lastClaimError).toBe('claim_mail: TypeError: fetch failed');
});

test('mail_sent is asked again when the database does not answer', async () => {
  const { deps, calls } = setUp([claimed(1)]);
  let tries = 0;
  deps.queue.sent = async (id, attempt) => {
    tries += 1;
    if (tries < 2) throw new Error('mail_sent: fetch failed');
    calls.push(`sent ${id}/${attempt}`);
    return true;
  };
  await drainOnce(deps);
  expect(tries).toBe(2);
  expect(calls).toEqual(['smtp', 'sent 1/1']);
});

test('a reminder of a call that has begun is not sent, and is given up with the reason', async () => {
  const reminder: ClaimedMail = {
    ...sampleMail('booking_reminder', { starts_at: new Date(Date.now() - 60_000).toISOString() }),
    message_id: 9,
  };
  const { deps, calls } = setUp([reminder]);
  await drainOnce(deps);
  expect(calls).toEqual(['failed 9/1 null not sent: the call had already begun']);
});
