// Moving a call with its link (20270126090000_booking_moves.sql) through the real supabase-js: the
// row moves in place under the slot rules, both sides are told, the reminder follows, and the
// link holds against replays, other bookings' slots, a cancelled call and a flood.
import {
  BOOKING_LANGUAGE_HEADER,
  BOOKING_TIME_ZONE_HEADER,
  MOVE_FUNCTIONS,
  slotStart,
  type ChangeView,
  type ClaimedBookingMail,
  type DayAvailability,
  type MovedView,
  type PreferredTime,
} from 'supabase-schema';
import { nextBookableSlot, supabaseAs, validBooking } from './testing/testBackend';
import { setUpTestBackend } from './testing/setUpTestBackend';
import { dayClosedFor, panamaDaysAhead } from './testing/testCalendar';

const backend = setUpTestBackend({ liftBookingLimits: true });

beforeEach(async () => {
  await backend.database.query('truncate private.booking_move_attempts');
  await backend.database.query(
    `update private.booking_settings set minimum_notice = '2 hours', moves_per_booking = 3,
       move_attempts_per_hour = 20, move_attempts_per_network = 60`,
  );
});

type Slot = { preferred_date: string; preferred_time: PreferredTime };

/** A free slot more than two days away, so its reminder waits whatever the hour the test runs. */
function laterSlot(): Slot {
  let slot = nextBookableSlot();
  while (slot.preferred_date <= panamaDaysAhead(2)) slot = nextBookableSlot();
  return slot;
}

const visitor = () =>
  supabaseAs(backend, 'anon', {
    headers: {
      [BOOKING_LANGUAGE_HEADER]: 'es',
      [BOOKING_TIME_ZONE_HEADER]: 'America/Argentina/Buenos_Aires',
    },
  });

/** Claims every due message (the mailer's step), answering them. */
async function claimAll(): Promise<ClaimedBookingMail[]> {
  const { data, error } = await backend.agency.rpc('claim_mail', { batch_size: 100, lease_seconds: 60 });
  if (error) throw new Error(error.message);
  const claimed = data as ClaimedBookingMail[];
  for (const mail of claimed)
    await backend.agency.rpc('mail_sent', { message_id: mail.message_id, attempt: mail.attempt });
  // The agency calendar's writes (calendar_event) are not e-mails: left aside here.
  return claimed.filter(({ kind }) => (kind as string) !== 'calendar_event');
}

/** Books a call as a visitor in Buenos Aires and answers it with the token of its confirmation. */
async function bookWithLink(slot: Slot = laterSlot()) {
  const booking = { ...validBooking(slot), id: crypto.randomUUID() };
  const { error } = await visitor().from('bookings').insert(booking);
  if (error) throw new Error(`${error.code}: ${error.message}`);
  const confirmation = (await claimAll()).find(
    (mail) => mail.kind === 'booking_confirmation' && mail.booking.id === booking.id,
  );
  if (!confirmation?.cancel_token) throw new Error('no confirmation with a token');
  return { booking, token: confirmation.cancel_token };
}

interface MoveResult {
  status: number;
  moved: MovedView | null;
  code: string | null;
  details: string | null;
}

async function move(token: string, to: Slot, client = supabaseAs(backend, 'anon')): Promise<MoveResult> {
  const { data, error, status } = await client.rpc(MOVE_FUNCTIONS.move, {
    token,
    new_date: to.preferred_date,
    new_time: to.preferred_time,
  });
  return {
    status,
    moved: data as MovedView | null,
    code: error?.code ?? null,
    details: error?.details ?? null,
  };
}

async function readLink(token: string): Promise<ChangeView> {
  const { data, error } = await supabaseAs(backend, 'anon').rpc(
    MOVE_FUNCTIONS.read,
    { token },
    { get: true },
  );
  if (error) throw new Error(error.message);
  return data as ChangeView;
}

async function freeTimes(day: string): Promise<string[]> {
  const { data } = await supabaseAs(backend, 'anon').rpc('available_slots', { from_date: day, to_date: day });
  return (data as DayAvailability[])[0]?.free_times ?? [];
}

async function storedRow(id: string) {
  const [row] = await backend.database.query(
    `select preferred_date::text as preferred_date, preferred_time, invitation_sequence, status
     from public.bookings where id = $1`,
    [id],
  );
  return row;
}

async function outbox(id: string) {
  return backend.database.query(
    `select kind, status, send_after from private.mail_outbox
     where booking_id = $1 and kind <> 'calendar_event' order by id`,
    [id],
  );
}

test('the link reads its call and how many moves are left', async () => {
  const { booking, token } = await bookWithLink();
  expect(await readLink(token)).toEqual({
    state: 'open',
    call: expect.objectContaining({
      preferred_date: booking.preferred_date,
      preferred_time: booking.preferred_time,
      language: 'es',
      time_zone: 'America/Argentina/Buenos_Aires',
    }),
    moves_left: 3,
  });
  expect(await readLink('A'.repeat(43))).toEqual({ state: 'link_unknown', call: null, moves_left: 0 });
  expect(await readLink('not-a-token')).toMatchObject({ state: 'link_unknown' });
});

test('a move keeps the booking (same id), holds the new slot, offers the old one again and raises the sequence', async () => {
  const { booking, token } = await bookWithLink();
  const target = laterSlot();
  expect(await freeTimes(booking.preferred_date)).not.toContain(booking.preferred_time);

  const { status, moved } = await move(token, target);
  expect(status).toBe(200);
  expect(moved).toMatchObject({
    state: 'moved',
    call: { preferred_date: target.preferred_date, preferred_time: target.preferred_time },
    moved_from: { preferred_date: booking.preferred_date, preferred_time: booking.preferred_time },
    moves_left: 2,
  });
  expect(await storedRow(booking.id)).toEqual({ ...target, invitation_sequence: 1, status: 'pending' });
  expect(await backend.database.query('select id from public.bookings')).toHaveLength(1);
  expect(await freeTimes(booking.preferred_date)).toContain(booking.preferred_time);
  expect(await freeTimes(target.preferred_date)).not.toContain(target.preferred_time);
});

test('a move tells both sides from when to when, with the invitation of its own sequence, and moves the reminder', async () => {
  const { booking, token } = await bookWithLink();
  const target = laterSlot();
  await move(token, target);

  const reminder = (await outbox(booking.id)).find((row) => row.kind === 'booking_reminder');
  expect(new Date(reminder?.send_after as string).getTime()).toBe(
    slotStart(target.preferred_date, target.preferred_time).getTime() - 24 * 3600_000,
  );
  // The row moved in place, so the agency calendar's event is queued to follow it.
  const [calendarWrite] = await backend.database.query(
    `select count(*)::int as queued from private.mail_outbox
     where booking_id = $1 and kind = 'calendar_event' and status = 'queued'`,
    [booking.id],
  );
  expect(calendarWrite?.queued).toBe(1);
  const claimed = await claimAll();
  expect(claimed.map(({ kind }) => kind)).toEqual(['move_confirmation', 'move_notice']);
  const [confirmation, notice] = claimed;
  const expected = {
    id: booking.id,
    preferred_date: target.preferred_date,
    preferred_time: target.preferred_time,
    invitation_sequence: 1,
    moved_from: {
      preferred_date: booking.preferred_date,
      preferred_time: booking.preferred_time,
      starts_at: expect.any(String),
    },
  };
  expect(confirmation?.booking).toMatchObject(expected);
  expect(notice?.booking).toMatchObject(expected);
  // The visitor's message carries a fresh link; the agency's none.
  expect(confirmation?.cancel_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(confirmation?.cancel_token).not.toBe(token);
  expect(notice?.cancel_token).toBeNull();
});

test('each message of two quick moves says its own move', async () => {
  const { booking, token } = await bookWithLink();
  const [first, second] = [laterSlot(), laterSlot()] as [Slot, Slot];
  await move(token, first);
  // The second move with the link of the first "moved" message, claimed before its mail went out.
  // (The move's calendar_event comes first: the update queues it before the messages.)
  const { data } = await backend.agency.rpc('claim_mail', { batch_size: 2, lease_seconds: 60 });
  const fresh =
    (data as ClaimedBookingMail[]).find(({ kind }) => kind === 'move_confirmation')?.cancel_token ?? '';
  expect((await move(fresh, second)).status).toBe(200);
  await backend.database.query('update private.mail_outbox set locked_until = null');
  const moved = (await claimAll()).filter(({ kind }) => kind === 'move_notice');
  expect(
    moved.map(({ booking: mail }) => [
      mail.moved_from?.preferred_date,
      mail.preferred_date,
      mail.invitation_sequence,
    ]),
  ).toEqual([
    [booking.preferred_date, first.preferred_date, 1],
    [first.preferred_date, second.preferred_date, 2],
  ]);
});

test('a reminder already sent gets a successor at the new time', async () => {
  const { booking, token } = await bookWithLink();
  await backend.database.query(
    `update private.mail_outbox set status = 'sent', sent_at = now() where kind = 'booking_reminder'`,
  );
  const target = laterSlot();
  await move(token, target);
  const reminders = (await outbox(booking.id)).filter((row) => row.kind === 'booking_reminder');
  expect(reminders.map((row) => row.status)).toEqual(['sent', 'queued']);
  expect(new Date(reminders[1]?.send_after as string).getTime()).toBe(
    slotStart(target.preferred_date, target.preferred_time).getTime() - 24 * 3600_000,
  );
});

test('a link moves its call once: a replay is refused, the link of the "moved" message moves it again', async () => {
  const { booking, token } = await bookWithLink();
  const first = laterSlot();
  await move(token, first);
  const replay = await move(token, laterSlot());
  expect(replay).toMatchObject({ status: 409, code: 'BM002', details: 'link_used' });
  expect(await readLink(token)).toMatchObject({ state: 'link_used', moves_left: 2 });
  expect(await storedRow(booking.id)).toMatchObject(first);

  const fresh = (await claimAll()).find(({ kind }) => kind === 'move_confirmation')?.cancel_token ?? '';
  expect((await move(fresh, laterSlot())).status).toBe(200);
});

test('a call moves at most three times', async () => {
  const { booking, token: first } = await bookWithLink();
  let token = first;
  for (let moveNumber = 1; moveNumber <= 3; moveNumber++) {
    expect((await move(token, laterSlot())).status).toBe(200);
    token = (await claimAll()).find(({ kind }) => kind === 'move_confirmation')?.cancel_token ?? '';
  }
  expect(await readLink(token)).toMatchObject({ state: 'move_limit', moves_left: 0 });
  expect(await move(token, laterSlot())).toMatchObject({ status: 409, code: 'BM006', details: 'move_limit' });
  expect((await storedRow(booking.id))?.invitation_sequence).toBe(3);
});

test('a call is not moved within the minimum notice of its start', async () => {
  const { booking, token } = await bookWithLink();
  // The call is now closer than the notice (a notice longer than the time left before it).
  await backend.database.query(`update private.booking_settings set minimum_notice = '30 days'`);
  expect(await readLink(token)).toMatchObject({ state: 'too_late' });
  expect(await move(token, laterSlot())).toMatchObject({ status: 409, code: 'BM005', details: 'too_late' });
  expect(await storedRow(booking.id)).toMatchObject({ preferred_date: booking.preferred_date });
});

test('the new slot meets the rules of a booking: each broken rule has its own code and nothing moves', async () => {
  const { booking, token } = await bookWithLink();
  const other = await bookWithLink();
  const pastWeekday = await dayClosedFor(backend, 'too_soon', -10, -1, { latest: true });
  const beyondHorizon = await dayClosedFor(backend, 'beyond_horizon', 360, 420);
  const holiday = await dayClosedFor(backend, 'holiday', 3, 400);
  const saturday = await dayClosedFor(backend, 'weekend', 1, 7);
  const busySlot = laterSlot();
  const busyStart = slotStart(busySlot.preferred_date, busySlot.preferred_time);
  await backend.agency.rpc('replace_busy_times', {
    source: 'agency-feed',
    intervals: [
      { starts_at: busyStart.toISOString(), ends_at: new Date(busyStart.getTime() + 3600_000).toISOString() },
    ],
  });

  const cases: [Slot, number, string, string][] = [
    [{ preferred_date: saturday, preferred_time: '10:00 AM' }, 400, 'BK001', 'weekend'],
    [{ preferred_date: holiday, preferred_time: '10:00 AM' }, 400, 'BK002', 'closed'],
    [{ preferred_date: pastWeekday, preferred_time: '10:00 AM' }, 400, 'BK003', 'too_soon'],
    [{ preferred_date: beyondHorizon, preferred_time: '10:00 AM' }, 400, 'BK004', 'beyond_horizon'],
    [other.booking, 409, 'PT409', 'taken'],
    [busySlot, 409, 'BK009', 'busy'],
    [booking, 409, 'BM007', 'same_slot'],
    [
      { preferred_date: busySlot.preferred_date, preferred_time: '5:00 PM' as PreferredTime },
      400,
      '22023',
      'slot_invalid',
    ],
  ];
  for (const [slot, status, code, details] of cases) {
    expect({ slot, ...(await move(token, slot)) }).toMatchObject({ slot, status, code, details });
  }
  expect(await storedRow(booking.id)).toMatchObject({
    preferred_date: booking.preferred_date,
    invitation_sequence: 0,
  });
  expect(await storedRow(other.booking.id)).toMatchObject({ preferred_date: other.booking.preferred_date });
  expect((await outbox(booking.id)).map(({ kind }) => kind)).not.toContain('move_confirmation');
  // Refusals spend nothing: the link still moves the call.
  expect((await move(token, laterSlot())).status).toBe(200);
});

test('a cancelled call, a past call and an unknown link are refused, each with its code', async () => {
  const cancelled = await bookWithLink();
  await supabaseAs(backend, 'anon').rpc('cancel_booking', { token: cancelled.token });
  expect(await readLink(cancelled.token)).toMatchObject({ state: 'cancelled' });
  expect(await move(cancelled.token, laterSlot())).toMatchObject({ status: 409, code: 'BM003' });

  const past = await bookWithLink();
  await backend.database.query(`update public.bookings set preferred_date = current_date - 3 where id = $1`, [
    past.booking.id,
  ]);
  expect(await move(past.token, laterSlot())).toMatchObject({ status: 409, code: 'BM004', details: 'past' });

  for (const forged of ['A'.repeat(43), 'not-a-token', '', `${past.token}x`]) {
    expect(await move(forged, laterSlot())).toMatchObject({
      status: 404,
      code: 'BM001',
      details: 'link_unknown',
    });
  }
});

test("a link only ever moves its own booking, and a visitor cannot set a booking's sequence", async () => {
  const mine = await bookWithLink();
  const theirs = await bookWithLink();
  const target = laterSlot();
  await move(mine.token, target);
  expect(await storedRow(theirs.booking.id)).toMatchObject({
    preferred_date: theirs.booking.preferred_date,
    invitation_sequence: 0,
  });
  const { error } = await visitor()
    .from('bookings')
    .insert({ ...validBooking(laterSlot()), invitation_sequence: 7 } as never);
  expect(error?.code).toBe('42501');
});

test('a flood of moves is refused past the limits, for one booking and from one network', async () => {
  await backend.database.query(
    'update private.booking_settings set move_attempts_per_hour = 3, move_attempts_per_network = 5',
  );
  const { booking, token } = await bookWithLink();
  const sameSlot = { preferred_date: booking.preferred_date, preferred_time: booking.preferred_time };
  const fromOne = supabaseAs(backend, 'anon', { from: '127.0.4.1' });
  for (let attempt = 1; attempt <= 3; attempt++)
    expect((await move(token, sameSlot, fromOne)).code).toBe('BM007');
  expect(await move(token, laterSlot(), fromOne)).toMatchObject({ status: 429, code: 'PT429' });
  expect(await storedRow(booking.id)).toMatchObject(sameSlot);

  // Unknown links from one network: held after five, whoever's network is next door is not.
  const results = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    results.push(
      (
        await move(
          'B'.repeat(43),
          laterSlot(),
          supabaseAs(backend, 'anon', { from: `127.0.5.${attempt + 1}` }),
        )
      ).code,
    );
  }
  expect(results).toEqual(['BM001', 'BM001', 'BM001', 'BM001', 'BM001', 'PT429']);
  expect(
    (await move('B'.repeat(43), laterSlot(), supabaseAs(backend, 'anon', { from: '127.0.6.1' }))).code,
  ).toBe('BM001');
});

test('two presses of one link at once move the call once', async () => {
  const { booking, token } = await bookWithLink();
  const [first, second] = [laterSlot(), laterSlot()] as [Slot, Slot];
  const answers = await Promise.all([move(token, first), move(token, second)]);
  expect(answers.map(({ status }) => status).sort()).toEqual([200, 409]);
  expect((await storedRow(booking.id))?.invitation_sequence).toBe(1);
});

test('the clock forgets move attempts after an hour, whether or not another move comes', async () => {
  const { token } = await bookWithLink();
  await move(token, laterSlot());
  await backend.database.query(
    `update private.booking_move_attempts set attempted_at = now() - interval '61 minutes'`,
  );
  await backend.database.query('select private.prune_booking_requests()');
  expect(await backend.database.query('select * from private.booking_move_attempts')).toEqual([]);
});
