// Why a day of the picker is disabled ("Weekend", "Public holiday", "Fully booked"), said on hover
// (the button's title) and to screen readers (its label), in the page's language.
import { createContext, useContext } from 'react';
import { DayButton, labelDayButton, type DayButtonProps, type Labels } from 'react-day-picker';

type ReasonOf = (date: Date) => string | null;

export const DayReasonContext = createContext<ReasonOf>(() => null);

/** react-day-picker's day button with the reason as its title (stable: the picker keeps its focus). */
export function ReasonedDayButton(props: DayButtonProps) {
  const reason = useContext(DayReasonContext)(props.day.date);
  return <DayButton {...props} title={reason ?? undefined} />;
}

/** The picker's own words, from the translation files (docs/languages.md: no copy outside them). */
export interface CalendarWords {
  /** The month navigation's name, and its two buttons'. */
  navigation: string;
  previousMonth: string;
  nextMonth: string;
  /** A day's label, from its date as the locale writes it ("Thursday, November 26th, 2026"). */
  today: (date: string) => string;
  selected: (date: string) => string;
}

/**
 * The picker's labels in the page's language: the month navigation, and each day's date as the
 * locale writes it ("Hoy, jueves, 26 de noviembre de 2026") followed by the reason it is disabled.
 */
export function calendarLabels(words: CalendarWords, reasonOf: ReasonOf): Partial<Labels> {
  return {
    labelNav: () => words.navigation,
    labelPrevious: () => words.previousMonth,
    labelNext: () => words.nextMonth,
    labelDayButton: (date, modifiers, options, dateLib) => {
      // The date alone: the locale's words for today and selected are replaced by ours.
      let label = labelDayButton(date, { ...modifiers, today: false, selected: false }, options, dateLib);
      if (modifiers.today) label = words.today(label);
      if (modifiers.selected) label = words.selected(label);
      const reason = reasonOf(date);
      return reason ? `${label}, ${reason}` : label;
    },
  };
}
