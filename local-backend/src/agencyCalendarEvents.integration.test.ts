// The calendar_event rows of 20270119090000_agency_calendar_events.sql: a booking's insert, its
// cancellation and a change of its slot each queue the agency calendar's event in their own
// transaction; an earlier row not yet taken gives way to the newer one; claim_mail gives the booking
// as it is now; an update that changes neither slot nor status queues nothing.
import type { ClaimedMailRow } from 'supabase-schema';
import { nextBookableSlot, supabaseAs, validBooking } from './testing/testBackend';
import { setUpTestBackend } from './testing/setUpTestBackend';

const backend = setUpTestBackend({ liftBookingLimits: true });

async function book(): Promise<string> {
  const booking = { ...validBooking(nextBookableSlot()), id: crypto.randomUUID() };
  const { error } = await supabaseAs(backend, 'anon').from('bookings').insert(booking);
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return booking.id;
}

async function calendarRows(): Promise<Array<{ status: string; last_error: string | null }>> {
  return (await backend.database.query(
    `select status, last_error from private.mail_outbox where kind = 'calendar_event' order by id`,
  )) as never;
}

async function claimEvents(): Promise<ClaimedMailRow[]> {
  const { data, error } = await backend.agency.rpc('claim_mail', { batch_size: 100, lease_seconds: 60 });
  if (error) throw new Error(error.message);
  return (data as ClaimedMailRow[]).filter((row) => row.kind === 'calendar_event');
}

test('a booking queues its calendar event with its e-mails, and the claim gives the booking as it is', async () => {
  const id = await book();
  expect(await calendarRows()).toEqual([{ status: 'queued', last_error: null }]);
  const [event, ...others] = await claimEvents();
  expect(others).toEqual([]);
  expect(event).toMatchObject({
    kind: 'calendar_event',
    cancel_token: null,
    booking: { id, status: 'pending' },
  });
});

test('a cancellation and a move queue the event again; an older row not yet taken gives way to the newer', async () => {
  const id = await book();
  const later = nextBookableSlot();
  await backend.database.query(
    'update public.bookings set preferred_date = $2, preferred_time = $3 where id = $1',
    [id, later.preferred_date, later.preferred_time],
  );
  expect(await calendarRows()).toEqual([
    { status: 'skipped', last_error: 'superseded by a later change of the booking' },
    { status: 'queued', last_error: null },
  ]);
  // Taken by a mailer: a later change queues a row of its own and leaves the one in hand alone.
  const [moved] = await claimEvents();
  expect(moved?.booking).toMatchObject({ id, preferred_date: later.preferred_date });
  await backend.database.query(`update public.bookings set status = 'cancelled' where id = $1`, [id]);
  expect((await calendarRows()).map(({ status }) => status)).toEqual(['skipped', 'queued', 'queued']);
  const [cancelled] = await claimEvents();
  expect(cancelled?.booking).toMatchObject({ id, status: 'cancelled' });
});

test('an update that changes neither the slot nor the status queues nothing', async () => {
  const id = await book();
  await backend.database.query(
    `update public.bookings set additional_info = 'Call me after lunch', status = status where id = $1`,
    [id],
  );
  expect(await calendarRows()).toHaveLength(1);
});
