#!/usr/bin/env node
// Prints the SQL that seeds private.closed_days with Panama's public holidays (date-holidays,
// country PA, type public, substitute days included) for the years given, so the seed in
// 20261226090000_bookable_slots.sql is regenerated, never typed by hand:
//   npm run holidays --workspace supabase -- 2027 2029 > supabase/migrations/<timestamp>_panama_holidays_2029.sql
// `on conflict do nothing` keeps any day an operator already entered or changed.
import Holidays from 'date-holidays';

/** Panama's public holidays from `first` to `last` (years), each day once, in order. */
export function panamaPublicHolidays(first, last) {
  const calendar = new Holidays('PA');
  const days = new Map();
  for (let year = first; year <= last; year += 1) {
    for (const holiday of calendar.getHolidays(year)) {
      if (holiday.type !== 'public') continue;
      const day = holiday.date.slice(0, 10);
      if (!days.has(day)) days.set(day, holiday.name);
    }
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, name]) => ({ day, name }));
}

const quote = (text) => `'${text.replace(/'/g, "''")}'`;

export function holidaySeedSql(first, last) {
  const rows = panamaPublicHolidays(first, last).map(
    ({ day, name }) => `  (${quote(day)}, ${quote(name)}, 'date-holidays')`,
  );
  return [
    `-- Panama's public holidays ${first}-${last}: npm run holidays --workspace supabase -- ${first} ${last}`,
    'insert into private.closed_days (day, name, source) values',
    `${rows.join(',\n')}`,
    'on conflict (day) do nothing;',
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [first, last] = process.argv.slice(2).map(Number);
  if (!Number.isInteger(first) || !Number.isInteger(last) || last < first) {
    console.error('usage: npm run holidays --workspace supabase -- <first year> <last year>');
    process.exit(2);
  }
  process.stdout.write(holidaySeedSql(first, last));
}
