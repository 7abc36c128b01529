// The slot rules (testing/slotRuleTests.ts) with "today" set to each of the calendar's hard days,
// by the rules' clock that only the database's owner can set: year's end, Carnival, the first days
// of November, leap days, a Monday holiday's weekend. Each day is a fresh set of the same tests.
import { HARD_DAYS } from './testing/hardDays';
import { setUpTestBackend } from './testing/setUpTestBackend';
import { slotRuleTests } from './testing/slotRuleTests';
import { setRulesClock } from './testing/testCalendar';

const backend = setUpTestBackend({ liftBookingLimits: true });

/** Mid-morning in Panama (UTC-5, no summer time): today's earlier times are past, its later ones not. */
const MID_MORNING = 'T10:30:00-05:00';

describe.each(HARD_DAYS.map((day) => [day.name, day] as const))('with today %s', (_name, hardDay) => {
  beforeAll(async () => setRulesClock(backend, `${await hardDay.date(backend)}${MID_MORNING}`));
  afterAll(() => setRulesClock(backend, null));
  slotRuleTests(backend);
});
