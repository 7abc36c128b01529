/**
 * The database's own calendar as the tests see it: Panama's today by the slot rules' clock, and the
 * days whose every slot those rules leave open (weekends, holidays, closures, notice and horizon
 * all applied by private.slot_states). Tests pick their days here, never as "the first weekday N
 * days ahead", so no day of the year can hand them a holiday they did not expect.
 */
import type { RunningBackend } from '../startLocalBackend';

interface LearnedCalendar {
  /** Panama's today as the rules see it. */
  today: string;
  /** From tomorrow, the days on which every one of the eight times is open to a visitor. */
  openDays: string[];
}

let learned: LearnedCalendar | undefined;

function calendar(): LearnedCalendar {
  if (!learned)
    throw new Error('The test calendar is learned when the test backend starts: read it in a test.');
  return learned;
}

/** How far ahead the open days are learned: the test backend's horizon is a year. */
const DAYS_LEARNED = 360;

/**
 * Reads today and the open days from the database, under its settings and clock as they are now:
 * at the backend's start, and again whenever a test moves the rules' clock.
 */
export async function learnCalendar(backend: Pick<RunningBackend, 'database'>): Promise<void> {
  const [today] = await backend.database.query(`select to_char(private.panama_today(), 'YYYY-MM-DD') as day`);
  const open = await backend.database.query(
    `select to_char(states.day, 'YYYY-MM-DD') as day
     from private.slot_states(private.panama_today() + 1, private.panama_today() + $1::int) as states
     group by states.day
     having bool_and(states.closure is null)
     order by states.day`,
    [DAYS_LEARNED],
  );
  learned = { today: String(today?.day), openDays: open.map((row) => String(row.day)) };
}

/** The date `offsetDays` after Panama's today, by the rules' clock. */
export function panamaDaysAhead(offsetDays: number): string {
  const date = new Date(`${calendar().today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

/**
 * The days from tomorrow (Panama), within `days` days, on which a visitor may book every time under
 * the test backend's settings (two hours' notice, a year's horizon).
 */
export function bookableDays(days = DAYS_LEARNED): string[] {
  const last = panamaDaysAhead(days);
  return calendar().openDays.filter((day) => day <= last);
}

/**
 * Sets the instant the slot rules take as now (`null`: the real now again) through the override
 * only the database's owner can write, and learns the calendar it makes.
 */
export async function setRulesClock(
  backend: Pick<RunningBackend, 'database'>,
  instant: string | null,
): Promise<void> {
  await backend.database.query('delete from private.rules_clock_override');
  if (instant !== null) {
    await backend.database.query(
      'insert into private.rules_clock_override (now_at) values ($1::timestamptz)',
      [instant],
    );
  }
  await learnCalendar(backend);
}

/** Why the rules close a whole day (private.slot_states' closure), for a test that needs one. */
export type DayClosure = 'weekend' | 'holiday' | 'closed' | 'too_soon' | 'beyond_horizon';

/**
 * The first day (the last, with `latest`) between `fromOffset` and `toOffset` days after Panama's
 * today on which the rules refuse every time for `closure`, under the settings as they are now.
 */
export async function dayClosedFor(
  backend: Pick<RunningBackend, 'database'>,
  closure: DayClosure,
  fromOffset: number,
  toOffset: number,
  { latest = false } = {},
): Promise<string> {
  const [found] = await backend.database.query(
    `select to_char(states.day, 'YYYY-MM-DD') as day
     from private.slot_states(private.panama_today() + $1::int, private.panama_today() + $2::int) as states
     group by states.day
     having bool_and(states.closure = $3)
     order by states.day ${latest ? 'desc' : 'asc'}
     limit 1`,
    [fromOffset, toOffset, closure],
  );
  if (!found) throw new Error(`No day closed for ${closure} from ${fromOffset} to ${toOffset} days ahead`);
  return String(found.day);
}
