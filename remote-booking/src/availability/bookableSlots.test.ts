import type { DayAvailability } from 'supabase-schema';
import { dayReason, isTimeFree } from './bookableSlots';
import { placeOfZone, timeInZone } from './LocalTimeNote';
import type { Availability } from './useAvailability';

const known = (days: DayAvailability[] | null): Availability => ({
  days: days && new Map(days.map((entry) => [entry.day, entry])),
  lastDay: days?.at(-1)?.day ?? null,
  rendered: days,
  refresh: async () => undefined,
});

const TODAY = '2026-12-01';

test("a day before Panama's today, past the database's last day, or closed by it cannot be picked", () => {
  const availability = known([
    { day: '2026-12-01', closure: 'no_times_left', free_times: [] },
    { day: '2026-12-02', closure: null, free_times: ['9:00 AM'] },
    { day: '2026-12-03', closure: 'full', free_times: [] },
  ]);
  expect(dayReason('2026-11-30', availability, TODAY)).toBe('past');
  expect(dayReason('2026-12-01', availability, TODAY)).toBe('no_times_left');
  expect(dayReason('2026-12-02', availability, TODAY)).toBeNull();
  expect(dayReason('2026-12-03', availability, TODAY)).toBe('full');
  expect(dayReason('2026-12-04', availability, TODAY)).toBe('notYetOpen');
});

test('without an answer from the database, weekends and the default 90-day horizon still hold', () => {
  const unknown = known(null);
  expect(dayReason('2026-12-05', unknown, TODAY)).toBe('weekend');
  expect(dayReason('2026-12-07', unknown, TODAY)).toBeNull();
  expect(dayReason('2027-03-01', unknown, TODAY)).toBeNull();
  expect(dayReason('2027-03-02', unknown, TODAY)).toBe('notYetOpen');
  expect(isTimeFree('2026-12-07', '9:00 AM', unknown)).toBe(true);
});

test('a time is free only if the database lists it for that day', () => {
  const availability = known([{ day: '2026-12-02', closure: null, free_times: ['9:00 AM'] }]);
  expect(isTimeFree('2026-12-02', '9:00 AM', availability)).toBe(true);
  expect(isTimeFree('2026-12-02', '10:00 AM', availability)).toBe(false);
});

test("the visitor's own time is shown only where it differs from Panama's, with the day when that differs too", () => {
  expect(timeInZone('2026-12-02', '2:00 PM', 'America/Argentina/Buenos_Aires', 'en')).toBe('4:00 PM');
  expect(timeInZone('2026-12-02', '2:00 PM', 'America/Argentina/Buenos_Aires', 'es')).toBe('4:00 p. m.');
  expect(timeInZone('2026-12-02', '2:00 PM', 'America/Bogota', 'en')).toBeNull();
  expect(timeInZone('2026-12-02', '4:00 PM', 'Asia/Tokyo', 'en')).toBe('Thursday 6:00 AM');
  expect(placeOfZone('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  expect(placeOfZone('America/Sao_Paulo')).toBe('São Paulo');
  expect(placeOfZone('America/Bogota')).toBe('Bogotá');
});
