// One round against a fake queue and a fake SMTP server: what is recorded after a send, a
// refusal, a permanent answer and the last attempt; the rest of the batch handed back when the
// mailer stops or the lease runs short; a failed claim holds nothing; a skipped reminder is
// recorded as skipped; a message without its invitation still goes, counted and logged; one that
// cannot be composed is counted and retried; a row that fits no kind is given up; a booking's
// calendar event is written to the agency's calendar (or skipped without one), never given up.
import type { ClaimedMail, MailBooking } from 'supabase-schema';
import type { CalendarEventWriter } from './calendar/calendarEventWriter';
import { drainOnce, type DrainDependencies } from './drainOnce';
import type { Log } from './log';
import { newClaimStatus } from './mailerStatus';
import type { MisfitRow } from './queue/claimedMail';
import type { MailQueue } from './queue/mailQueue';
import { sampleCalendarEvent, sampleCodeMail, sampleConfig, sampleMail } from './testing/sampleMail';

function claimed(id: number, attempt = 1): ClaimedMail {
  return { ...sampleMail('booking_notice'), message_id: id, attempt };
}

function setUp(
  batch: ClaimedMail[],
  send: (id: number) => Promise<unknown> = async () => ({}),
  misfits: MisfitRow[] = [],
  calendarEvents: CalendarEventWriter | null = null,
) {
  const calls: string[] = [];
  const queue: MailQueue = {
    claim: async () => ({ mail: batch, misfits }),
    sent: async (id, attempt) => (calls.push(`sent ${id}/${attempt}`), true),
    failed: async (id, attempt, error, retry) => (
      calls.push(`failed ${id}/${attempt} ${retry} ${error}`),
      true
    ),
    skipped: async (id, attempt, reason) => (calls.push(`skipped ${id}/${attempt} ${reason}`), true),
    stats: async () => ({ queued: 0, due: 0, failed: 0, oldest_due_seconds: null }),
    clientAddressStats: async () => null,
  };
  const logged: string[] = [];
  const log: Log = {
    debug: () => undefined,
    info: (line) => logged.push(`info ${line}`),
    warn: (line) => logged.push(`warn ${line}`),
    error: (line) => logged.push(`error ${line}`),
  };
  const sentMessages: unknown[] = [];
  let stopping = false;
  let sends = 0;
  const counted: string[] = [];
  const deps: DrainDependencies = {
    config: sampleConfig({
      backoffBaseSeconds: 15,
      maxAttempts: 3,
      agencyCaldav: calendarEvents
        ? { url: 'https://dav.example/cal/', username: 'agency', password: 'app', calendarName: null }
        : null,
    }),
    queue,
    transport: {
      sendMail: async (message: unknown) => {
        calls.push('smtp');
        sentMessages.push(message);
        return send(batch[sends++]?.message_id ?? 0);
      },
    } as never,
    metrics: {
      sent: (kind) => counted.push(`sent ${kind}`),
      sendFailed: (kind) => counted.push(`failed ${kind}`),
      skipped: (kind) => counted.push(`skipped ${kind}`),
      composeFailed: (kind, part) => counted.push(`compose ${kind} ${part}`),
    },
    status: newClaimStatus(),
    kinds: null,
    calendarHealth: () => null,
    log,
    calendarEvents,
    stopping: () => stopping,
  };
  return { deps, calls, counted, logged, sentMessages, stop: () => (stopping = true) };
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

test('a reminder of a call that has begun is not sent, and is recorded as skipped with the reason', async () => {
  const reminder: ClaimedMail = {
    ...sampleMail('booking_reminder', { starts_at: new Date(Date.now() - 60_000).toISOString() }),
    message_id: 9,
  };
  const { deps, calls, counted } = setUp([reminder]);
  await drainOnce(deps);
  expect(calls).toEqual(['skipped 9/1 not sent: the call had already begun']);
  expect(counted).toEqual(['skipped booking_reminder']);
});

test('a code no longer valid is skipped, not sent', async () => {
  const { deps, calls } = setUp([{ ...sampleCodeMail({ valid_minutes: 0 }), message_id: 5 }]);
  await drainOnce(deps);
  expect(calls).toEqual(['skipped 5/1 not sent: the code was no longer valid']);
});

test('a code is sent to its address; the log names it by id, never the address or the code', async () => {
  const { deps, calls, logged, sentMessages } = setUp([sampleCodeMail()]);
  expect(await drainOnce(deps)).toMatchObject({ sent: 1 });
  expect(calls).toEqual(['smtp', 'sent 43/1']);
  expect(sentMessages[0]).toMatchObject({
    from: deps.config.mailFrom,
    to: { address: 'maria.castillo@cafeboquete.com.pa' },
    subject: 'Tu código: 048213',
    headers: { 'Auto-Submitted': 'auto-generated' },
  });
  expect(logged).toEqual(['info address_code #43 (try 1) sent']);
});

test('an invitation ics refuses: the message goes without it, counted and logged once with the booking id, no booker text', async () => {
  // An address the database should have refused; ics refuses it as an attendee.
  const odd = sampleMail('booking_notice', { email: 'not an address', full_name: 'Secret Name' });
  const { deps, calls, counted, logged, sentMessages } = setUp([odd]);
  expect(await drainOnce(deps)).toMatchObject({ sent: 1 });
  expect(calls).toEqual(['smtp', 'sent 42/1']);
  expect(sentMessages[0]).not.toHaveProperty('icalEvent');
  expect(sentMessages[0]).not.toHaveProperty('invitationProblem');
  expect(counted).toEqual(['sent booking_notice', 'compose booking_notice invitation']);
  expect(logged).toEqual([
    'warn booking_notice #42 (try 1, booking 7a1c2f0e-5b8d-4c3e-9f6a-1d2e3f4a5b6c) sent without its calendar invitation: ics refused attendees[0].email',
  ]);
  expect(logged.join('\n')).not.toMatch(/Secret|not an address/);
});

test('a message that cannot be composed at all is counted, logged with its booking id, and retried', async () => {
  const broken = sampleMail('booking_confirmation');
  broken.cancel_token = null;
  const { deps, calls, counted, logged } = setUp([broken]);
  await drainOnce(deps);
  expect(calls).toEqual([
    'failed 42/1 15 could not be composed: claim_mail gave no cancel_token for booking_confirmation 42',
  ]);
  expect(counted).toEqual(['compose booking_confirmation message', 'failed booking_confirmation']);
  expect(logged).toEqual([
    'warn booking_confirmation #42 (try 1, booking 7a1c2f0e-5b8d-4c3e-9f6a-1d2e3f4a5b6c) failed: could not be composed: claim_mail gave no cancel_token for booking_confirmation 42; next try in 15 s',
  ]);
});

test('a claimed row that fits no kind is given up with the reason, and the rest is sent', async () => {
  const misfit = {
    message_id: 7,
    attempt: 1,
    problem: 'claim_mail answered a row this mailer cannot send: x',
  };
  const { deps, calls } = setUp([claimed(1)], undefined, [misfit]);
  expect(await drainOnce(deps)).toEqual({ claimed: 2, sent: 1, claimFailed: false });
  expect(calls).toEqual([
    'failed 7/1 null claim_mail answered a row this mailer cannot send: x',
    'smtp',
    'sent 1/1',
  ]);
});

test("without a CalDAV calendar, a booking's calendar event is recorded as skipped, and nothing is sent", async () => {
  const { deps, calls, counted } = setUp([sampleCalendarEvent()]);
  expect(await drainOnce(deps)).toEqual({ claimed: 1, sent: 0, claimFailed: false });
  expect(calls).toEqual(['skipped 44/1 not written: no CalDAV calendar is configured (AGENCY_CALDAV_URL)']);
  expect(counted).toEqual(['skipped calendar_event']);
});

test("a booking's calendar event is written to the agency's calendar and recorded; a failure is tried again, even past the last attempt", async () => {
  const written: MailBooking[] = [];
  let answer: () => Promise<'written' | 'removed'> = async () => 'written';
  const writer: CalendarEventWriter = {
    sync: async (booking) => (written.push(booking), answer()),
  };
  const { deps, calls, counted } = setUp([sampleCalendarEvent()], undefined, [], writer);
  expect(await drainOnce(deps)).toEqual({ claimed: 1, sent: 1, claimFailed: false });
  expect(written.map((booking) => booking.id)).toEqual([sampleCalendarEvent().booking.id]);
  expect(calls).toEqual(['sent 44/1']);
  expect(counted).toEqual(['sent calendar_event']);

  answer = async () => {
    throw new Error('CalDAV: writing the event answered HTTP 503');
  };
  const failing = setUp([{ ...sampleCalendarEvent(), attempt: 3 }], undefined, [], writer);
  await drainOnce(failing.deps);
  // maxAttempts is 3: an e-mail would be given up (null); the event waits the backoff (60 s).
  expect(failing.calls).toEqual(['failed 44/3 60 CalDAV: writing the event answered HTTP 503']);
  expect(failing.counted).toEqual(['failed calendar_event']);
});
