import {
  capitalize,
  formatLongDate,
  fromIsoDate,
  isBeforeToday,
  startOfToday,
  toIsoDate,
} from './calendarDates';
import { DAY_PICKER_FORMATTERS } from './dayPickerLocale';

const now = new Date(2026, 10, 21, 22, 30); // 21 Nov 2026, 10:30 pm local

test('today is selectable and yesterday is not', () => {
  expect(isBeforeToday(new Date(2026, 10, 21), now)).toBe(false);
  expect(isBeforeToday(new Date(2026, 10, 20), now)).toBe(true);
  expect(isBeforeToday(new Date(2026, 11, 1), now)).toBe(false);
  expect(startOfToday(now)).toEqual(new Date(2026, 10, 21));
});

test('a picked day is stored as its local year-month-day, whatever the hour', () => {
  expect(toIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  expect(fromIsoDate('2026-12-01')).toEqual(new Date(2026, 11, 1));
  expect(fromIsoDate('')).toBeUndefined();
});

test('the calendar names months and weekdays in the page language', () => {
  const sunday = new Date(2026, 10, 22);
  const saturday = new Date(2026, 10, 28);
  const en = { locale: { code: 'en-US' } };
  const es = { locale: { code: 'es' } };
  expect(DAY_PICKER_FORMATTERS.formatWeekdayName(sunday, en)).toBe('Sun');
  expect(DAY_PICKER_FORMATTERS.formatWeekdayName(saturday, en)).toBe('Sat');
  expect(DAY_PICKER_FORMATTERS.formatWeekdayName(sunday, es)).toBe('Dom');
  expect(DAY_PICKER_FORMATTERS.formatWeekdayName(saturday, es)).toBe('Sáb');
  expect(DAY_PICKER_FORMATTERS.formatCaption(new Date(2026, 11, 1), en)).toBe('December 2026');
  expect(DAY_PICKER_FORMATTERS.formatCaption(new Date(2026, 11, 1), es)).toBe('Diciembre de 2026');
  expect(formatLongDate(new Date(2026, 11, 1), 'es')).toBe('martes, 1 de diciembre de 2026');
  expect(formatLongDate(new Date(2026, 11, 1), 'en')).toBe('Tuesday, December 1, 2026');
  expect(capitalize('ñandú')).toBe('Ñandú');
});
