import { panamaToday, slotStart, SLOT_TIME_ZONE } from 'supabase-schema';

// panamaToday counts Panama's fixed UTC−5 instead of asking Intl (whose first zone lookup is a long
// task in a phone's browser): it must give Intl's answer at every hour, midnight included.
test("Panama's today is Intl's, every hour of two years", () => {
  const intl = new Intl.DateTimeFormat('en-CA', { timeZone: SLOT_TIME_ZONE });
  const start = Date.UTC(2026, 0, 1);
  for (let hour = 0; hour < 2 * 366 * 24; hour += 1) {
    const now = new Date(start + hour * 3_600_000);
    expect(panamaToday(now)).toBe(intl.format(now));
  }
});

test('the day turns at midnight in Panama, 05:00 UTC', () => {
  expect(panamaToday(new Date('2026-12-02T04:59:59Z'))).toBe('2026-12-01');
  expect(panamaToday(new Date('2026-12-02T05:00:00Z'))).toBe('2026-12-02');
});

test("a slot starts at Panama's time", () => {
  expect(slotStart('2026-12-01', '9:00 AM').toISOString()).toBe('2026-12-01T14:00:00.000Z');
  expect(slotStart('2026-12-31', '12:00 PM').toISOString()).toBe('2026-12-31T17:00:00.000Z');
});
