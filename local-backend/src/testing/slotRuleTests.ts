/**
 * The slot rules of 20261226090000_bookable_slots.sql as tests, through the real supabase-js: what a
 * visitor may book, what the agency may, one booking per slot under concurrency, and what
 * public.available_slots() tells (and does not tell) anyone. Defined once, run under the real
 * clock (bookingSlots) and with "today" set to each of the calendar's hard days (bookingSlots.hardDays).
 */
import { PREFERRED_TIMES, type BookingInsert, type DayAvailability } from 'supabase-schema';
import { validBooking } from './testBackend';
import type { TestBackend } from './setUpTestBackend';
import { bookableDays, dayClosedFor, panamaDaysAhead } from './testCalendar';

const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The first day from `offset` days ahead (Panama, by the rules' clock) that passes `test`. */
function firstDayAhead(test: (day: string) => boolean, offset = 1): string {
  for (let ahead = offset; ahead < offset + 400; ahead += 1) {
    const day = panamaDaysAhead(ahead);
    if (test(day)) return day;
  }
  throw new Error('no such day');
}

/** Registers the slot rules' tests, each starting with no agency closure and the default settings. */
export function slotRuleTests(backend: TestBackend): void {
  beforeEach(async () => {
    await backend.database.query(`delete from private.closed_days where source = 'agency'`);
    await setSettings('2 hours', '90 days');
  });

  function setSettings(minimumNotice: string, horizon: string) {
    return backend.database.query(
      'update private.booking_settings set minimum_notice = $1::interval, booking_horizon = $2::interval',
      [minimumNotice, horizon],
    );
  }

  async function storedCount(): Promise<number> {
    const [row] = await backend.database.query('select count(*)::int as count from public.bookings');
    return Number(row?.count);
  }

  async function expectVisitorRefused(slot: Partial<BookingInsert>, status: number, code: string) {
    const { error, status: answered } = await backend.visitor.from('bookings').insert(validBooking(slot));
    expect({ slot, status: answered, code: error?.code }).toEqual({ slot, status, code });
  }

  async function availability(from?: string, to?: string): Promise<DayAvailability[]> {
    const { data, error } = await backend.visitor.rpc('available_slots', {
      from_date: from ?? null,
      to_date: to ?? null,
    });
    if (error) throw new Error(error.message);
    return data as DayAvailability[];
  }

  test('a weekend day is refused with BK001, whatever the time', async () => {
    const saturday = firstDayAhead((day) => weekdayOf(day) === 6);
    const sunday = firstDayAhead((day) => weekdayOf(day) === 0);
    await expectVisitorRefused({ preferred_date: saturday, preferred_time: '9:00 AM' }, 400, 'BK001');
    await expectVisitorRefused({ preferred_date: sunday, preferred_time: '4:00 PM' }, 400, 'BK001');
    expect(await storedCount()).toBe(0);
  });

  test('a Panama public holiday and an agency closure are refused with BK002', async () => {
    const holiday = await dayClosedFor(backend, 'holiday', 1, 360);
    await expectVisitorRefused({ preferred_date: holiday }, 400, 'BK002');
    const [closure] = bookableDays();
    await backend.database.query(`insert into private.closed_days (day, name) values ($1, 'Team retreat')`, [
      closure,
    ]);
    await expectVisitorRefused({ preferred_date: closure }, 400, 'BK002');
    expect(await storedCount()).toBe(0);
  });

  test('a slot in the past or within the minimum notice is refused with BK003', async () => {
    // The last open weekday before today: a weekend or holiday would be refused for that first.
    const past = await dayClosedFor(backend, 'too_soon', -10, -1, { latest: true });
    await expectVisitorRefused({ preferred_date: past, preferred_time: '4:00 PM' }, 400, 'BK003');
    await setSettings('30 days', '90 days');
    const soon = bookableDays().find((day) => day < panamaDaysAhead(29));
    await expectVisitorRefused({ preferred_date: soon, preferred_time: '9:00 AM' }, 400, 'BK003');
    expect(await storedCount()).toBe(0);
  });

  test('a day past the booking horizon is refused with BK004; the horizon day itself is bookable', async () => {
    await setSettings('2 hours', '20 days');
    const beyond = await dayClosedFor(backend, 'beyond_horizon', 21, 60);
    await expectVisitorRefused({ preferred_date: beyond }, 400, 'BK004');
    const lastDay = panamaDaysAhead(20);
    if (bookableDays(20).includes(lastDay)) {
      expect(
        (await backend.visitor.from('bookings').insert(validBooking({ preferred_date: lastDay }))).error,
      ).toBeNull();
    }
  });

  test('a slot already held is refused with PT409 (409), not as "already stored"; cancelling frees it', async () => {
    const [day] = bookableDays();
    const slot = { preferred_date: day, preferred_time: '10:00 AM' as const };
    expect((await backend.visitor.from('bookings').insert(validBooking(slot))).status).toBe(201);
    await expectVisitorRefused(slot, 409, 'PT409');
    expect(await storedCount()).toBe(1);

    await backend.agency.from('bookings').update({ status: 'cancelled' }).eq('preferred_date', day);
    expect((await backend.visitor.from('bookings').insert(validBooking(slot))).status).toBe(201);
  });

  test('ten visitors sending the same free slot at once: exactly one is stored, nine are told it is taken', async () => {
    const [day] = bookableDays();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        backend.visitor
          .from('bookings')
          .insert(
            validBooking({ preferred_date: day, preferred_time: '3:00 PM', email: `v${index}@example.com` }),
          ),
      ),
    );
    expect(answers.map((answer) => answer.error?.code ?? 'stored').sort()).toEqual([
      ...Array<string>(9).fill('PT409'),
      'stored',
    ]);
    expect(await storedCount()).toBe(1);
  });

  test('the agency may book outside the rules (a weekend, the past) but never a held slot', async () => {
    const saturday = firstDayAhead((day) => weekdayOf(day) === 6);
    expect(
      (await backend.agency.from('bookings').insert(validBooking({ preferred_date: saturday }))).error,
    ).toBeNull();
    const yesterday = { preferred_date: panamaDaysAhead(-1), preferred_time: '9:00 AM' as const };
    expect((await backend.agency.from('bookings').insert(validBooking(yesterday))).error).toBeNull();
    const again = await backend.agency.from('bookings').insert(validBooking(yesterday));
    expect(again.error?.code).toBe('PT409');
    expect(await storedCount()).toBe(2);
  });

  test('available_slots lists every day from Panama today to the horizon with the free times only', async () => {
    await setSettings('2 hours', '30 days');
    const days = await availability();
    expect(days[0]?.day).toBe(panamaDaysAhead(0));
    expect(days.at(-1)?.day).toBe(panamaDaysAhead(30));
    expect(Object.keys(days[0] ?? {}).sort()).toEqual(['closure', 'day', 'free_times']);
    for (const { day, closure, free_times } of days) {
      if (weekdayOf(day) % 6 === 0)
        expect({ day, closure, free_times }).toEqual({ day, closure: 'weekend', free_times: [] });
    }
    const [open] = bookableDays();
    expect(days.find((entry) => entry.day === open)).toEqual({
      day: open,
      closure: null,
      free_times: [...PREFERRED_TIMES],
    });
  });

  test('a booked time disappears from available_slots, and a day with every time booked is "full"', async () => {
    const [day] = bookableDays();
    await backend.visitor
      .from('bookings')
      .insert(validBooking({ preferred_date: day, preferred_time: '11:00 AM' }));
    expect((await availability(day, day))[0]?.free_times).toEqual(
      PREFERRED_TIMES.filter((time) => time !== '11:00 AM'),
    );
    for (const preferred_time of PREFERRED_TIMES.filter((time) => time !== '11:00 AM')) {
      await backend.agency.from('bookings').insert(validBooking({ preferred_date: day, preferred_time }));
    }
    expect(await availability(day, day)).toEqual([{ day, closure: 'full', free_times: [] }]);
  });

  test('available_slots names holidays and closures, and never reaches before today or past 92 days', async () => {
    const [closure] = bookableDays();
    await backend.database.query(`insert into private.closed_days (day, name) values ($1, 'Team retreat')`, [
      closure,
    ]);
    expect(await availability(closure, closure)).toEqual([
      { day: closure, closure: 'closed', free_times: [] },
    ]);
    const wide = await availability('2000-01-01', '2100-01-01');
    expect(wide[0]?.day).toBe(panamaDaysAhead(0));
    expect(wide.length).toBeLessThanOrEqual(92);
  });
}
