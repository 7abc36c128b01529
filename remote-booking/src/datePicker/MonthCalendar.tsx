// The date picker's month grid: react-day-picker with its styles, locales and the reason each
// disabled day gives. A chunk of its own (loadMonthCalendar.ts), downloaded when a visitor is about
// to open the picker or once the page is idle, not with the form.
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import type { Language } from 'shared-i18n';
import { startOfMonth } from './calendarDates';
import { DAY_PICKER_FORMATTERS, DAY_PICKER_LOCALES } from './dayPickerLocale';
import { calendarLabels, DayReasonContext, ReasonedDayButton, type CalendarWords } from './dayReasons';

export interface MonthCalendarProps {
  language: Language;
  selected: Date | undefined;
  today: Date;
  /** The last day with slots offered, if known: the last month shown. */
  lastDay: Date | undefined;
  /** Why a day cannot be picked, said on hover and to screen readers; null for none. */
  reasonText: (date: Date) => string | null;
  isDisabled: (date: Date) => boolean;
  legend: string;
  /** The navigation's and the days' labels, in the page's language. */
  words: CalendarWords;
  onSelect: (day: Date) => void;
}

export default function MonthCalendar({
  language,
  selected,
  today,
  lastDay,
  reasonText,
  isDisabled,
  legend,
  words,
  onSelect,
}: MonthCalendarProps) {
  const locale = DAY_PICKER_LOCALES[language];
  return (
    <DayReasonContext.Provider value={reasonText}>
      <DayPicker
        mode="single"
        autoFocus
        selected={selected}
        defaultMonth={selected ?? today}
        today={today}
        startMonth={startOfMonth(today)}
        endMonth={lastDay ? startOfMonth(lastDay) : undefined}
        disabled={isDisabled}
        weekStartsOn={0}
        locale={locale}
        formatters={DAY_PICKER_FORMATTERS}
        labels={calendarLabels(words, reasonText)}
        components={{ DayButton: ReasonedDayButton }}
        footer={<p className="booking-date__legend">{legend}</p>}
        required
        onSelect={onSelect}
      />
    </DayReasonContext.Provider>
  );
}
