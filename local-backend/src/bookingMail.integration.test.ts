// The booking mail of 20261231090000_booking_mail.sql through the real supabase-js: a booking and
// its messages are stored together, the mailer's claims never overlap, and a cancel link reads
// and cancels its one booking, once.
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  BOOKING_LANGUAGE_HEADER,
  BOOKING_TIME_ZONE_HEADER,
  PREFERRED_TIMES,
  slotStart,
  type CancellationView,
  type ClaimedBookingMail,
  type ClaimedMailRow,
  type DayAvailability,
  type MailQueueStats,
} from 'supabase-schema';
import { forgetBookings, nextBookableSlot, supabaseAs, validBooking } from './testing/testBackend';
import { setUpTestBackend } from './testing/setUpTestBackend';
import { panamaDaysAhead } from './testing/testCalendar';

const backend = setUpTestBackend({ liftBookingLimits: true });

function visitorIn(language: string, timeZone: string): SupabaseClient {
  return supabaseAs(backend, 'anon', {
    headers: { [BOOKING_LANGUAGE_HEADER]: language, [BOOKING_TIME_ZONE_HEADER]: timeZone },
  });
}

/**
 * A free slot more than a day away: its reminder is not due yet, whatever the time of day the
 * tests run (tomorrow's slots are less than 24 hours away once the day has begun in Panama).
 */
function slotMoreThanADayAway() {
  let slot = nextBookableSlot();
  while (slot.preferred_date <= panamaDaysAhead(1)) slot = nextBookableSlot();
  return slot;
}

async function book(visitor = visitorIn('es', 'America/Argentina/Buenos_Aires'), overrides = {}) {
  const booking = { ...validBooking({ ...slotMoreThanADayAway(), ...overrides }), id: crypto.randomUUID() };
  const { error } = await visitor.from('bookings').insert(booking);
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return booking;
}

async function queued(): Promise<Array<{ kind: string; status: string; send_after: Date }>> {
  return (await backend.database.query(
    // The e-mails: each booking's calendar_event is agencyCalendarEvents.integration.test.ts's.
    `select kind, status, send_after from private.mail_outbox where kind <> 'calendar_event' order by id`,
  )) as never;
}

/**
 * The mailer's claim. claim_mail answers the columns of both kinds of message; a booking's has its
 * booking and no code or address (those are a code message's, and here no address is asked to prove itself).
 */
async function claim(batchSize = 10, leaseSeconds = 60): Promise<ClaimedBookingMail[]> {
  const { data, error } = await backend.agency.rpc('claim_mail', {
    batch_size: batchSize,
    lease_seconds: leaseSeconds,
  });
  if (error) throw new Error(error.message);
  const rows = (data as ClaimedMailRow[]).filter((row) => row.kind !== 'calendar_event');
  for (const row of rows) {
    expect(row).toEqual({
      message_id: expect.any(Number),
      kind: expect.stringMatching(/^(booking|cancellation)_/),
      attempt: expect.any(Number),
      cancel_token: row.cancel_token === null ? null : expect.any(String),
      booking: expect.objectContaining({ id: expect.any(String) }),
      code: null,
      address: null,
      // How long it had been due when claimed, on the database's clock: never negative.
      due_seconds: expect.any(Number),
    });
    expect(row.due_seconds).toBeGreaterThanOrEqual(0);
  }
  return rows as ClaimedBookingMail[];
}

async function rpc<T>(client: SupabaseClient, name: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.rpc(name, args);
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data as T;
}

const visitorClient = () => supabaseAs(backend, 'anon');

test('a booking queues the confirmation, the agency notice and the reminder in its own transaction', async () => {
  await book();
  expect((await queued()).map(({ kind }) => kind)).toEqual([
    'booking_confirmation',
    'booking_notice',
    'booking_reminder',
  ]);

  // A refused booking (its slot is taken) stores nothing and queues nothing.
  const [taken] = await backend.database.query(
    'select preferred_date::text as day, preferred_time as time from public.bookings',
  );
  const { error } = await visitorClient()
    .from('bookings')
    .insert(validBooking({ preferred_date: String(taken?.day), preferred_time: taken?.time as never }));
  expect(error?.code).toBe('PT409');
  expect(await queued()).toHaveLength(3);
});

test('the claim gives the booking with its language, zone and call time, and a cancel token where the message shows the link', async () => {
  const booking = await book();
  const claimed = await claim();
  expect(claimed.map(({ kind }) => kind)).toEqual(['booking_confirmation', 'booking_notice']);
  const [confirmation, notice] = claimed;
  expect(confirmation?.booking).toMatchObject({
    id: booking.id,
    email: booking.email,
    preferred_date: booking.preferred_date,
    preferred_time: booking.preferred_time,
    language: 'es',
    time_zone: 'America/Argentina/Buenos_Aires',
    duration_minutes: 30,
  });
  expect(new Date(confirmation?.booking.starts_at ?? '').getTime()).toBe(
    slotStart(booking.preferred_date, booking.preferred_time).getTime(),
  );
  expect(confirmation?.attempt).toBe(1);
  expect(confirmation?.cancel_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(notice?.cancel_token).toBeNull();
  // Only the token's hash is kept.
  const tokens = await backend.database.query('select token_hash from private.booking_cancel_tokens');
  expect(tokens).toHaveLength(1);
  expect(JSON.stringify(tokens)).not.toContain(confirmation?.cancel_token);
});

test('a language or zone the database does not know falls back to English and Panama', async () => {
  await book(visitorIn('pt-BR', 'Mars/Olympus_Mons'));
  await book(visitorClient());
  const contexts = await backend.database.query('select language, time_zone from private.booking_contexts');
  expect(contexts).toEqual([
    { language: 'en', time_zone: 'America/Panama' },
    { language: 'en', time_zone: 'America/Panama' },
  ]);
});

test('a booking from São Paulo in Portuguese is mailed in Portuguese, with its zone', async () => {
  await book(visitorIn('PT', 'America/Sao_Paulo'));
  const [confirmation] = await claim();
  expect(confirmation?.booking).toMatchObject({ language: 'pt', time_zone: 'America/Sao_Paulo' });
});

test('the reminder waits until 24 hours before the call, or goes at once for a call sooner than that', async () => {
  const later = await book();
  const [reminder] = await backend.database.query(
    `select send_after from private.mail_outbox where kind = 'booking_reminder'`,
  );
  const dayBefore = slotStart(later.preferred_date, later.preferred_time).getTime() - 24 * 3600_000;
  expect(new Date(reminder?.send_after as string).getTime()).toBe(dayBefore);

  await forgetBookings(backend);
  // The agency may book any slot: the next one that has not begun is less than a day away,
  // whatever the time of day the test runs (a call that has begun has its reminder skipped).
  const soon = [0, 1]
    .flatMap((days) => PREFERRED_TIMES.map((time) => ({ day: panamaDaysAhead(days), time })))
    .find(({ day, time }) => slotStart(day, time).getTime() > Date.now() + 10 * 60_000);
  if (!soon) throw new Error('no slot starts within a day');
  await backend.database.query(
    `insert into public.bookings (full_name, email, phone, company_name, industry, company_size,
       current_marketing, budget, goals, preferred_date, preferred_time)
     values ('Ana', 'ana@example.com', '+507 6000-0000', 'Ana S.A.', 'Retail', '1-10', 'None', '500-1000',
       'More sales', $1, $2)`,
    [soon.day, soon.time],
  );
  const claimed = await claim();
  expect(claimed.map(({ kind }) => kind).sort()).toEqual([
    'booking_confirmation',
    'booking_notice',
    'booking_reminder',
  ]);
});

test('a reminder whose call has begun is skipped, not sent late', async () => {
  const booking = await book();
  await backend.database.query(
    `update private.mail_outbox set send_after = now() - interval '1 day' where kind = 'booking_reminder'`,
  );
  // The call's time passes while the mail waits (an outage of the mailer).
  await backend.database.query(
    `update public.bookings set preferred_date = (now() at time zone 'America/Panama')::date - 1 where id = $1`,
    [booking.id],
  );
  expect((await claim()).map(({ kind }) => kind)).toEqual(['booking_confirmation', 'booking_notice']);
  const [reminder] = await backend.database.query(
    `select status from private.mail_outbox where kind = 'booking_reminder'`,
  );
  expect(reminder?.status).toBe('skipped');
});

test('two mailers claiming at once never hold the same message, and a lease keeps it from others until it ends', async () => {
  for (let count = 0; count < 5; count += 1) await book();
  // 5 confirmations, 5 notices and 5 calendar events are due; reminders are not.
  const [first, second] = await Promise.all([claim(8, 60), claim(8, 60)]);
  const ids = [...(first ?? []), ...(second ?? [])].map(({ message_id }) => message_id);
  expect(ids).toHaveLength(10);
  expect(new Set(ids).size).toBe(10);
  expect(await claim()).toEqual([]);

  // A lease that ended: the message is claimed again, and the first claim can no longer mark it.
  const stale = first?.[0] as ClaimedMailRow;
  await backend.database.query('update private.mail_outbox set locked_until = now() where id = $1', [
    stale.message_id,
  ]);
  const [again] = await claim();
  expect(again).toMatchObject({ message_id: stale.message_id, attempt: stale.attempt + 1 });
  expect(
    await rpc(backend.agency, 'mail_sent', { message_id: stale.message_id, attempt: stale.attempt }),
  ).toBe(false);
  expect(
    await rpc(backend.agency, 'mail_sent', { message_id: stale.message_id, attempt: again?.attempt }),
  ).toBe(true);
});

test("a failed send is tried again after the mailer's delay, or kept as failed when given up", async () => {
  await book();
  const [confirmation, notice] = await claim();
  await rpc(backend.agency, 'mail_failed', {
    message_id: confirmation?.message_id,
    attempt: confirmation?.attempt,
    error: 'connect ECONNREFUSED 127.0.0.1:1025',
    retry_after_seconds: 0,
  });
  await rpc(backend.agency, 'mail_failed', {
    message_id: notice?.message_id,
    attempt: notice?.attempt,
    error: '550 mailbox unavailable',
    retry_after_seconds: null,
  });
  const [stats] = await rpc<MailQueueStats[]>(backend.agency, 'mail_queue_stats', {});
  // With the booking's calendar event, claimed and not recorded yet.
  expect(stats).toMatchObject({ queued: 3, due: 2, failed: 1 });
  const [retried] = await claim();
  expect(retried).toMatchObject({ message_id: confirmation?.message_id, attempt: 2 });
  const [kept] = await backend.database.query(
    `select status, last_error from private.mail_outbox where kind = 'booking_notice'`,
  );
  expect(kept).toEqual({ status: 'failed', last_error: '550 mailbox unavailable' });
});

test("the queue's figures for one job's kinds: a calendar event due now is not the reminder's", async () => {
  await book();
  const stats = async (kinds?: string[]) =>
    (await rpc<MailQueueStats[]>(backend.agency, 'mail_queue_stats', kinds ? { kinds } : {}))[0];
  expect(await stats()).toMatchObject({ queued: 4, due: 3 });
  const calendar = await stats(['calendar_event']);
  expect(calendar).toMatchObject({ queued: 1, due: 1 });
  expect(calendar?.next_due_seconds).toBeLessThanOrEqual(0);
  // The reminder, the day before a call more than a day away: due later.
  const reminder = await stats(['booking_reminder']);
  expect(reminder).toMatchObject({ queued: 1, due: 0 });
  expect(reminder?.next_due_seconds).toBeGreaterThan(0);
});

test("visitors cannot call the mailer's functions or read the queue", async () => {
  const visitor = visitorClient();
  for (const name of ['claim_mail', 'mail_queue_stats']) {
    const { error } = await visitor.rpc(name, {});
    expect({ name, code: error?.code }).toEqual({ name, code: '42501' });
  }
  const { error } = await visitor.rpc('mail_sent', { message_id: 1, attempt: 1 });
  expect(error?.code).toBe('42501');
});

async function freeTimesOn(day: string): Promise<string[]> {
  const [answer] = await rpc<DayAvailability[]>(visitorClient(), 'available_slots', {
    from_date: day,
    to_date: day,
  });
  return answer?.free_times ?? [];
}

test('the cancel link shows its call, cancels it once, frees the slot and queues both cancellation notices', async () => {
  const booking = await book();
  const [confirmation] = await claim();
  const token = confirmation?.cancel_token as string;
  const visitor = visitorClient();
  expect(await freeTimesOn(booking.preferred_date)).not.toContain(booking.preferred_time);

  const opened = await rpc<CancellationView>(visitor, 'booking_for_cancellation', { token });
  expect(opened).toEqual({
    state: 'open',
    call: {
      preferred_date: booking.preferred_date,
      preferred_time: booking.preferred_time,
      starts_at: expect.any(String),
      language: 'es',
      time_zone: 'America/Argentina/Buenos_Aires',
    },
  });
  // Reading the link (a mail scanner opening it) changes nothing.
  const [stillPending] = await backend.database.query('select status from public.bookings');
  expect(stillPending?.status).toBe('pending');

  const cancelled = await rpc<CancellationView>(visitor, 'cancel_booking', { token });
  expect(cancelled.state).toBe('cancelled');
  const [row] = await backend.database.query('select status from public.bookings');
  expect(row?.status).toBe('cancelled');
  expect(await freeTimesOn(booking.preferred_date)).toContain(booking.preferred_time);
  expect((await queued()).map(({ kind, status }) => `${kind} ${status}`)).toEqual([
    'booking_confirmation queued',
    'booking_notice queued',
    'booking_reminder skipped',
    'cancellation_confirmation queued',
    'cancellation_notice queued',
  ]);

  expect((await rpc<CancellationView>(visitor, 'cancel_booking', { token })).state).toBe('used');
  expect((await rpc<CancellationView>(visitor, 'booking_for_cancellation', { token })).state).toBe('used');
});

test('an unknown or malformed token reads and cancels nothing', async () => {
  await book();
  const visitor = visitorClient();
  for (const token of ['', 'short', 'A'.repeat(43), "' or true --".padEnd(43, 'x')]) {
    expect(await rpc(visitor, 'booking_for_cancellation', { token })).toEqual({
      state: 'unknown',
      call: null,
    });
    expect(await rpc(visitor, 'cancel_booking', { token })).toEqual({ state: 'unknown', call: null });
  }
  const [row] = await backend.database.query('select status from public.bookings');
  expect(row?.status).toBe('pending');
});

test('a link to a call the agency cancelled, or to a call that has passed, says so and cancels nothing', async () => {
  const booking = await book();
  const [confirmation] = await claim();
  const token = confirmation?.cancel_token as string;
  await backend.database.query(`update public.bookings set status = 'completed'`);
  expect((await rpc<CancellationView>(visitorClient(), 'cancel_booking', { token })).state).toBe('past');
  await backend.database.query(`update public.bookings set status = 'cancelled'`);
  expect((await rpc<CancellationView>(visitorClient(), 'cancel_booking', { token })).state).toBe('cancelled');
  // The agency's own cancellation told the visitor too.
  expect((await queued()).filter(({ kind }) => kind.startsWith('cancellation'))).toHaveLength(2);
  expect(booking.id).toBeTruthy();
});

test("sent mail is forgotten 30 days after it was sent, with the abuse limits' prune", async () => {
  await book();
  const [confirmation, notice] = await claim();
  for (const message of [confirmation, notice]) {
    await rpc(backend.agency, 'mail_sent', { message_id: message?.message_id, attempt: message?.attempt });
  }
  await backend.database.query(
    `update private.mail_outbox set sent_at = now() - interval '31 days' where id = $1`,
    [confirmation?.message_id],
  );
  await backend.database.query('select private.prune_booking_requests()');
  expect((await queued()).map(({ kind }) => kind)).toEqual(['booking_notice', 'booking_reminder']);
});

test('the prune deletes a booking whose call is longer ago than the retention, with its context and mail; failed mail goes after 30 days', async () => {
  const [settings] = await backend.database.query(
    'select booking_retention::text as retention from private.booking_settings',
  );
  expect(settings?.retention).toBe('2 years');
  /** Panama's date `months` months and `days` days before today. */
  const panamaDayAgo = async (months: number, days: number) => {
    const [row] = await backend.database.query(
      `select to_char((now() at time zone 'America/Panama')::date - make_interval(months => $1, days => $2),
         'YYYY-MM-DD') as day`,
      [months, days],
    );
    return String(row?.day);
  };
  // The agency's own inserts may name a past day: the slot rules hold visitors only.
  const agencyBooks = async (preferred_date: string) => {
    const booking = {
      ...validBooking({ preferred_date, preferred_time: '10:00 AM' }),
      id: crypto.randomUUID(),
    };
    const { error } = await backend.agency.from('bookings').insert(booking);
    if (error) throw new Error(`${error.code}: ${error.message}`);
    return booking.id;
  };
  // A visitor's booking first: each one a visitor adds runs the prune too.
  const upcoming = (await book()).id;
  const expired = await agencyBooks(await panamaDayAgo(24, 2));
  const withinRetention = await agencyBooks(await panamaDayAgo(23, 0));

  const rowsOf = async (id: string) => {
    const [row] = await backend.database.query(
      `select (select count(*)::int from public.bookings where id = $1) as bookings,
              (select count(*)::int from private.booking_contexts where booking_id = $1) as contexts,
              (select count(*)::int from private.mail_outbox
                where booking_id = $1 and kind <> 'calendar_event') as mail`,
      [id],
    );
    return row;
  };
  expect(await rowsOf(expired)).toEqual({ bookings: 1, contexts: 1, mail: 3 });

  // Two messages of the upcoming booking given up by the mailer, 31 and 29 days ago.
  const [confirmation, notice] = (await claim()).filter((message) => message.booking.id === upcoming);
  for (const [message, daysAgo] of [
    [confirmation, 31],
    [notice, 29],
  ] as const) {
    await rpc(backend.agency, 'mail_failed', {
      message_id: message?.message_id,
      attempt: message?.attempt,
      error: 'mailbox unavailable',
      retry_after_seconds: null,
    });
    await backend.database.query(
      `update private.mail_outbox set queued_at = now() - make_interval(days => $2),
         sent_at = case when sent_at is null then null else now() - make_interval(days => $2) end
       where id = $1`,
      [message?.message_id, daysAgo],
    );
  }

  await backend.database.query('select private.prune_booking_requests()');
  expect(await rowsOf(expired)).toEqual({ bookings: 0, contexts: 0, mail: 0 });
  expect(await rowsOf(withinRetention)).toEqual({ bookings: 1, contexts: 1, mail: 3 });
  expect(await rowsOf(upcoming)).toEqual({ bookings: 1, contexts: 1, mail: 2 });
  const failed = await backend.database.query(
    `select id from private.mail_outbox where status = 'failed' order by id`,
  );
  expect(failed.map((row) => Number(row.id))).toEqual([Number(notice?.message_id)]);
});
