import { randomUUID } from 'node:crypto';
import { validBooking } from './testing/testBackend';
import { setUpTestBackend } from './testing/setUpTestBackend';

// The abuse limits have their own tests (bookingLimits); here one visitor books many times.
const backend = setUpTestBackend({ liftBookingLimits: true });

async function storedBookings() {
  const { data, error } = await backend.agency.from('bookings').select('*').order('created_at');
  if (error) throw new Error(error.message);
  return data;
}

test('a visitor can request a call, and the row holds exactly what was sent', async () => {
  const booking = validBooking();
  const { error, status } = await backend.visitor.from('bookings').insert(booking);
  expect(error).toBeNull();
  expect(status).toBe(201);
  const rows = await storedBookings();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject(booking);
  expect(rows[0].id).toMatch(/^[0-9a-f-]{36}$/);
});

test('a visitor can read, change or delete no booking, and learns nothing from trying', async () => {
  const id = randomUUID();
  await backend.visitor.from('bookings').insert(validBooking({ id }));

  const read = await backend.visitor.from('bookings').select('*');
  expect(read.status).toBe(401);
  expect(read.error?.code).toBe('42501');
  expect(read.data).toBeNull();

  const change = await backend.visitor.from('bookings').update({ full_name: 'Mallory' }).eq('id', id);
  expect(change.status).toBe(401);
  expect(change.error?.code).toBe('42501');

  const removal = await backend.visitor.from('bookings').delete().eq('id', id);
  expect(removal.status).toBe(401);

  const asking = await backend.visitor.from('bookings').insert(validBooking()).select();
  expect(asking.status).toBe(401);
  expect(asking.data).toBeNull();

  const rows = await storedBookings();
  expect(rows.map((row) => row.full_name)).toEqual(['María Fernanda Castillo']);
});

test('a visitor cannot create a booking in any status but pending', async () => {
  for (const status of ['confirmed', 'completed', 'cancelled']) {
    const { error } = await backend.visitor.from('bookings').insert({ ...validBooking(), status } as never);
    expect(error?.code).toBe('42501');
  }
  expect(await storedBookings()).toHaveLength(0);
});

test('a visitor cannot backdate created_at', async () => {
  const { error, status } = await backend.visitor
    .from('bookings')
    .insert({ ...validBooking(), created_at: '2020-01-01T00:00:00Z' } as never);
  expect(status).toBe(401);
  expect(error?.code).toBe('42501');
});

test('the same id sent twice is refused with 409 and stays one booking', async () => {
  const booking = validBooking({ id: randomUUID() });
  expect((await backend.visitor.from('bookings').insert(booking)).status).toBe(201);
  const again = await backend.visitor.from('bookings').insert(booking);
  expect(again.status).toBe(409);
  expect(again.error?.code).toBe('23505');
  expect(await storedBookings()).toHaveLength(1);
});

test('twenty visitors booking at once all get their row', async () => {
  // Concurrent inserts of distinct slots: none is lost or refused. Twenty at once prove it as
  // well as two hundred, within any machine's time (each pays a proof of work for its pass).
  const visitors = 20;
  const results = await Promise.all(
    Array.from({ length: visitors }, (_, index) =>
      backend.visitor.from('bookings').insert(validBooking({ full_name: `Visitor ${index}` })),
    ),
  );
  expect(results.filter((result) => result.error)).toEqual([]);
  const rows = await storedBookings();
  expect(rows).toHaveLength(visitors);
  expect(new Set(rows.map((row) => row.full_name)).size).toBe(visitors);
});
