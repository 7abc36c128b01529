/**
 * The calendar's hard days, on which "the first weekday N days ahead" meets a holiday, a year's end
 * or a leap day: the slot rules must hold with "today" set to each. Their names are fixed, so a test
 * can be named after one; their dates are the next ones from the real today, found in the database's
 * own holidays (private.closed_days), so they move with the years and the seed.
 */
import type { RunningBackend } from '../startLocalBackend';

export interface HardDay {
  name: string;
  /** The date (Panama) it falls on next, from the real today. */
  date(backend: Pick<RunningBackend, 'database'>): Promise<string>;
}

type Database = Pick<RunningBackend, 'database'>;

/** The one date a query of the database answers, or an error naming what was looked for. */
async function dateFrom(backend: Database, what: string, sql: string, params: unknown[] = []) {
  const [row] = await backend.database.query(sql, params);
  if (!row?.day) throw new Error(`No ${what} in the database's calendar`);
  return String(row.day);
}

const REAL_TODAY = `(pg_catalog.now() at time zone 'America/Panama')::date`;

/** The next `month`/`day` (a 29 February: the next leap year's) on or after the real today. */
function nextDateOfYear(month: number, day: number): HardDay['date'] {
  return (backend) =>
    dateFrom(
      backend,
      `${day}/${month}`,
      `select to_char(candidate, 'YYYY-MM-DD') as day
       from generate_series(extract(year from ${REAL_TODAY})::int, extract(year from ${REAL_TODAY})::int + 8) as years (year),
         lateral (select make_date(years.year, $1, 1) + ($2 - 1) as candidate) as dates
       where extract(day from candidate) = $2 and candidate >= ${REAL_TODAY}
       order by candidate limit 1`,
      [month, day],
    );
}

/** A day `shift` days from the next Carnival Tuesday (Panama's public Carnival holiday). */
function aroundCarnival(shift: number): HardDay['date'] {
  return (backend) =>
    dateFrom(
      backend,
      'Carnival',
      `select to_char(day + $1::int, 'YYYY-MM-DD') as day from private.closed_days
       where source = 'date-holidays' and name = 'Carnaval' and day + 3 >= ${REAL_TODAY}
       order by day limit 1`,
      [shift],
    );
}

const range = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, index) => first + index);

export const HARD_DAYS: readonly HardDay[] = [
  ...range(18, 31).map((day) => ({ name: `${day} December`, date: nextDateOfYear(12, day) })),
  { name: 'the Saturday before Carnival', date: aroundCarnival(-3) },
  { name: 'the Sunday before Carnival', date: aroundCarnival(-2) },
  { name: 'the Monday of Carnival', date: aroundCarnival(-1) },
  { name: 'Carnival Tuesday', date: aroundCarnival(0) },
  { name: 'Ash Wednesday', date: aroundCarnival(1) },
  ...range(1, 10).map((day) => ({ name: `${day} November`, date: nextDateOfYear(11, day) })),
  { name: '28 February', date: nextDateOfYear(2, 28) },
  { name: '29 February', date: nextDateOfYear(2, 29) },
  {
    name: 'the Monday after a public holiday on a Sunday',
    date: (backend) =>
      dateFrom(
        backend,
        'public holiday on a Sunday',
        `select to_char(day + 1, 'YYYY-MM-DD') as day from private.closed_days
         where source = 'date-holidays' and extract(isodow from day) = 7 and day + 1 >= ${REAL_TODAY}
         order by day limit 1`,
      ),
  },
  {
    name: 'a Friday before a public holiday on a Monday',
    date: (backend) =>
      dateFrom(
        backend,
        'public holiday on a Monday',
        `select to_char(day - 3, 'YYYY-MM-DD') as day from private.closed_days
         where source = 'date-holidays' and extract(isodow from day) = 1 and day - 3 >= ${REAL_TODAY}
         order by day limit 1`,
      ),
  },
];
