// The agency's busy times (20270112090000_agency_busy_times.sql), through the real supabase-js: a
// busy interval hides the slots it overlaps from available_slots() and refuses an insert into them
// (BK009), replacing a source's set frees them again, and only the service role may replace it.
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  AGENCY_FEED_SOURCE,
  PREFERRED_TIMES,
  REPLACE_BUSY_TIMES_FUNCTION,
  slotRefusalOf,
  slotStart,
  type BusyInterval,
  type DayAvailability,
} from 'supabase-schema';
import { supabaseAs, validBooking } from './testing/testBackend';
import { setUpTestBackend } from './testing/setUpTestBackend';
import { bookableDays } from './testing/testCalendar';

const backend = setUpTestBackend({ liftBookingLimits: true });

beforeEach(async () => {
  await backend.database.query('delete from private.busy_sources');
});

/** A day the slot rules allow, far enough ahead that no other test file's slots meet it. */
let day: string;
let tenOClock: { preferred_date: string; preferred_time: '10:00 AM' };
beforeAll(() => {
  day = bookableDays().at(-20) as string;
  tenOClock = { preferred_date: day, preferred_time: '10:00 AM' };
});

function busyFor(startTime: string, minutes: number, eventUid?: string): BusyInterval {
  const starts = slotStart(day, startTime);
  return {
    starts_at: starts.toISOString(),
    ends_at: new Date(starts.getTime() + minutes * 60_000).toISOString(),
    ...(eventUid ? { event_uid: eventUid } : {}),
  };
}

async function replaceBusyTimes(client: SupabaseClient, intervals: BusyInterval[]) {
  return client.rpc(REPLACE_BUSY_TIMES_FUNCTION, {
    source: AGENCY_FEED_SOURCE,
    intervals,
    read_at: new Date().toISOString(),
  });
}

async function freeTimes(): Promise<string[] | undefined> {
  const { data, error } = await backend.visitor.rpc('available_slots', { from_date: day, to_date: day });
  if (error) throw new Error(error.message);
  return (data as DayAvailability[])[0]?.free_times;
}

test('a busy 10:00-11:00 hides the 10:00 slot and refuses a booking of it with BK009; 11:00 still books', async () => {
  const { data: stored, error } = await replaceBusyTimes(backend.agency, [busyFor('10:00 AM', 60)]);
  expect({ stored, error }).toEqual({ stored: 1, error: null });

  expect(await freeTimes()).toEqual(PREFERRED_TIMES.filter((time) => time !== '10:00 AM'));
  const refused = await backend.visitor.from('bookings').insert(validBooking(tenOClock));
  expect({ status: refused.status, code: refused.error?.code }).toEqual({ status: 400, code: 'BK009' });
  // The form reads it as a taken slot: "not available", nothing of the agency's calendar.
  expect(slotRefusalOf(refused.error?.code)).toBe('taken');
  expect((await backend.agency.from('bookings').insert(validBooking(tenOClock))).error?.code).toBe('BK009');

  const eleven = await backend.visitor
    .from('bookings')
    .insert(validBooking({ preferred_date: day, preferred_time: '11:00 AM' }));
  expect(eleven.status).toBe(201);
});

test('a busy time only blocks the calls it overlaps: one ending as a call starts blocks nothing', async () => {
  await replaceBusyTimes(backend.agency, [busyFor('9:30 AM', 30), busyFor('1:15 PM', 5)]);
  expect(await freeTimes()).toEqual(PREFERRED_TIMES.filter((time) => time !== '1:00 PM'));
});

test('replacing the set with an empty one offers the slot again, and it books', async () => {
  await replaceBusyTimes(backend.agency, [busyFor('10:00 AM', 60)]);
  expect(await freeTimes()).not.toContain('10:00 AM');
  const { data: stored } = await replaceBusyTimes(backend.agency, []);
  expect(stored).toBe(0);
  expect(await freeTimes()).toEqual([...PREFERRED_TIMES]);
  expect((await backend.visitor.from('bookings').insert(validBooking(tenOClock))).status).toBe(201);
});

test('a day whose every time is busy reads as "full", as a booked-out day', async () => {
  await replaceBusyTimes(backend.agency, [busyFor('9:00 AM', 8 * 60)]);
  const { data } = await backend.visitor.rpc('available_slots', { from_date: day, to_date: day });
  expect(data).toEqual([{ day, closure: 'full', free_times: [] }]);
});

test("a booking's own invitation in the agency's calendar does not block its slot", async () => {
  const booking = validBooking(tenOClock);
  const { data: inserted } = await backend.agency.from('bookings').insert(booking).select('id').single();
  const id = (inserted as { id: string }).id;
  await replaceBusyTimes(backend.agency, [busyFor('10:00 AM', 30, `booking-${id}@agency.example`)]);
  // The agency re-inserting that booking (after deleting it) is not refused by its own event.
  await backend.agency.from('bookings').delete().eq('id', id);
  const again = await backend.agency.from('bookings').insert({ ...booking, id });
  expect(again.error).toBeNull();
  // Another booking's event, or an event of no booking, still blocks the slot.
  await backend.agency.from('bookings').delete().eq('id', id);
  expect((await backend.agency.from('bookings').insert(booking)).error?.code).toBe('BK009');
});

test('replace_busy_times records when the source was last read, and an older read changes nothing', async () => {
  const now = new Date();
  const earlier = new Date(now.getTime() - 60_000).toISOString();
  await backend.agency.rpc(REPLACE_BUSY_TIMES_FUNCTION, {
    source: AGENCY_FEED_SOURCE,
    intervals: [busyFor('10:00 AM', 60)],
    read_at: now.toISOString(),
  });
  const stale = await backend.agency.rpc(REPLACE_BUSY_TIMES_FUNCTION, {
    source: AGENCY_FEED_SOURCE,
    intervals: [],
    read_at: earlier,
  });
  expect(stale).toMatchObject({ data: null, error: null });
  const [source] = await backend.database.query(
    `select last_read_at = $2::timestamptz as last_read_is_newest, busy_count
     from private.busy_sources where source = $1`,
    [AGENCY_FEED_SOURCE, now.toISOString()],
  );
  expect(source).toEqual({ last_read_is_newest: true, busy_count: 1 });
});

test('an interval that ends before it starts is refused whole, and the last set stays', async () => {
  await replaceBusyTimes(backend.agency, [busyFor('10:00 AM', 60)]);
  const backwards = { starts_at: busyFor('2:00 PM', 0).starts_at, ends_at: busyFor('1:00 PM', 0).starts_at };
  const { error } = await replaceBusyTimes(backend.agency, [busyFor('3:00 PM', 60), backwards]);
  expect(error?.code).toBe('23514');
  expect(await freeTimes()).toEqual(PREFERRED_TIMES.filter((time) => time !== '10:00 AM'));
});

test('a visitor (anon) or a signed-in user cannot call replace_busy_times, nor read the busy times', async () => {
  for (const role of ['anon', 'authenticated']) {
    const refused = await backend.database.query(
      `select has_function_privilege($1, 'public.replace_busy_times(text, jsonb, timestamptz)', 'execute') as can_call,
              has_table_privilege($1, 'private.busy_times', 'select') as can_read`,
      [role],
    );
    expect({ role, ...refused[0] }).toEqual({ role, can_call: false, can_read: false });
  }
  const { error, status } = await replaceBusyTimes(supabaseAs(backend, 'anon', { proof: 'none' }), [
    busyFor('10:00 AM', 60),
  ]);
  expect({ status, code: error?.code }).toEqual({ status: 401, code: '42501' });
  expect(await freeTimes()).toEqual([...PREFERRED_TIMES]);
});
