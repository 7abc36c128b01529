import { enUS, es, ptBR } from 'react-day-picker/locale';
import type { Language } from 'shared-i18n';
import { capitalize } from './calendarDates';

/**
 * react-day-picker's locales: how each language writes dates (month and weekday names, a day's
 * full date). The picker's words are the booking strings' (`calendarLabels`), not the locale's.
 */
export const DAY_PICKER_LOCALES = { en: enUS, es, pt: ptBR } satisfies Record<Language, unknown>;

/**
 * docs/product.md §6: weekday headers Sun to Sat (Dom to Sáb) and the month name and year as title,
 * both capitalized as headings are in either language.
 */
export const DAY_PICKER_FORMATTERS = {
  formatWeekdayName: (weekday: Date, options?: { locale?: { code?: string } }) =>
    capitalize(
      new Intl.DateTimeFormat(options?.locale?.code ?? 'en', { weekday: 'short' })
        .format(weekday)
        .replace('.', ''),
    ),
  formatCaption: (month: Date, options?: { locale?: { code?: string } }) =>
    capitalize(
      new Intl.DateTimeFormat(options?.locale?.code ?? 'en', { month: 'long', year: 'numeric' }).format(
        month,
      ),
    ),
};
