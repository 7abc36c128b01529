// The slot rules under the real clock (testing/slotRuleTests.ts), and the holiday seed they read.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from './database/migrations';
import { setUpTestBackend } from './testing/setUpTestBackend';
import { slotRuleTests } from './testing/slotRuleTests';

const HOLIDAYS_SCRIPT = path.join(MIGRATIONS_DIR, '..', 'scripts', 'panamaHolidays.mjs');

const backend = setUpTestBackend({ liftBookingLimits: true });

slotRuleTests(backend);

/** The documented command, run as an operator would run it: the seed SQL for `first`-`last`. */
function holidaySeed(first: number, last: number): string {
  return execFileSync(process.execPath, [HOLIDAYS_SCRIPT, String(first), String(last)], { encoding: 'utf8' });
}

test.each([
  ['20261226090000_bookable_slots.sql', 2026, 2028],
  ['20270202091000_panama_holidays_2029_2031.sql', 2029, 2031],
])(
  "the migration %s seeds date-holidays' list of Panama's public holidays for %i-%i",
  (file, first, last) => {
    const seed = holidaySeed(first, last);
    const migration = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    expect(seed).toMatch(new RegExp(`'${first}-11-28', 'Día de la Independencia'`));
    expect(migration).toContain(seed.split('\n').slice(1).join('\n'));
  },
);

test('the holidays the database knows reach at least two years past today: a later day is never silently bookable', async () => {
  const [seed] = await backend.database.query(
    `select to_char(max(day), 'YYYY-MM-DD') as last_holiday,
       to_char((now() at time zone 'America/Panama')::date + interval '2 years', 'YYYY-MM-DD') as two_years_ahead
     from private.closed_days where source = 'date-holidays'`,
  );
  // Extend it with a new migration: npm run holidays --workspace supabase -- <first> <last>
  expect(String(seed?.last_holiday) >= String(seed?.two_years_ahead)).toBe(true);
});

test.each(['anon', 'authenticated', 'service_role'] as const)(
  "the rules' clock cannot be moved or read as %s: only the database's owner sets a test's today",
  async (role) => {
    for (const sql of [
      `insert into private.rules_clock_override (now_at) values ('2000-01-01T10:00:00Z')`,
      'select private.rules_now()',
    ]) {
      await expect(backend.database.asRole(role, (query) => query(sql))).rejects.toMatchObject({
        code: '42501',
      });
    }
    expect(await backend.database.query('select * from private.rules_clock_override')).toEqual([]);
  },
);
