// Why a day of the picker is disabled ("Weekend", "Public holiday", "Fully booked"), said on hover
// (the button's title) and to screen readers (its label), in the page's language.
import { createContext, useContext } from 'react';
import { DayButton, labelDayButton, type DayButtonProps, type Locale } from 'react-day-picker';

type ReasonOf = (date: Date) => string | null;

export const DayReasonContext = createContext<ReasonOf>(() => null);

/** react-day-picker's day button with the reason as its title (stable: the picker keeps its focus). */
export function ReasonedDayButton(props: DayButtonProps) {
  const reason = useContext(DayReasonContext)(props.day.date);
  return <DayButton {...props} title={reason ?? undefined} />;
}

/** The locale's day label (e.g. "Hoy, jueves, 26 de noviembre de 2026") followed by the reason. */
export function dayReasonLabels(locale: Partial<Locale>, reasonOf: ReasonOf) {
  const label = locale.labels?.labelDayButton ?? labelDayButton;
  return {
    labelDayButton: (...args: Parameters<typeof labelDayButton>) => {
      const reason = reasonOf(args[0]);
      const base = typeof label === 'function' ? label(...args) : labelDayButton(...args);
      return reason ? `${base}, ${reason}` : base;
    },
  };
}
