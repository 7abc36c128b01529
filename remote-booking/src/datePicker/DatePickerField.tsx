import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLanguage, useTranslation } from 'shared-i18n';
import { panamaToday } from 'supabase-schema';
import type { TFunction } from 'i18next';
import { dayReason, type DayReason } from '../availability/bookableSlots';
import type { Availability } from '../availability/useAvailability';
import { NAMESPACE } from '../i18n';
import { formatLongDate, fromIsoDate, toIsoDate } from './calendarDates';
import { loadMonthCalendar, loadMonthCalendarWhenIdle, prefetchMonthCalendar } from './loadMonthCalendar';
import './DatePickerField.css';

const MonthCalendar = lazy(loadMonthCalendar);

/**
 * What the dialog shows until the month grid has arrived. It takes the focus, as a dialog's
 * content does, so keys pressed meanwhile do not reach the date button behind it; the grid takes
 * it over on arrival.
 */
function CalendarLoading({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} className="booking-date__loading" role="status" tabIndex={-1}>
      {text}
    </p>
  );
}

interface DatePickerFieldProps {
  /** Year-month-day, or empty. */
  value: string;
  onChange: (value: string) => void;
  /** The required message to show at the button, or null. */
  error: string | null;
  buttonRef: React.RefObject<HTMLButtonElement | null>;
  /** The free slots as far as known: days without one are disabled, with the reason. */
  availability: Availability;
  /** The field's label: the booking form's "Preferred Date" unless another page names it. */
  label?: string;
}

/** What a disabled day says on hover and to screen readers; nothing for a day before today. */
function reasonText(t: TFunction, reason: DayReason | null): string | null {
  return reason && reason !== 'past' ? t(`availability.reasons.${reason}`) : null;
}

/** A modal dialog keeps Tab and Shift+Tab among its own controls. */
function keepFocusInside(dialog: HTMLElement, event: React.KeyboardEvent) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>('button:not([disabled])')].filter(
    (element) => element.tabIndex >= 0,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The preferred-date field: a button that opens a month calendar as a dialog, following the
 * WAI-ARIA date picker dialog pattern. react-day-picker gives the grid and its keyboard model
 * (arrows, Page Up/Down, Home/End, Enter/Space); this adds the dialog, Escape and focus return.
 */
export function DatePickerField({
  value,
  onChange,
  error,
  buttonRef,
  availability,
  label,
}: DatePickerFieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const ids = { label: useId(), dialog: useId(), error: useId(), required: useId() };
  const selected = fromIsoDate(value);
  // Panama's today, not the browser's: the slots are Panama's (read when the dialog renders, in the browser).
  const todayIso = panamaToday();
  const today = fromIsoDate(todayIso) as Date;
  const lastDay = fromIsoDate(availability.lastDay ?? '');
  const reasonOf = (date: Date) => dayReason(toIsoDate(date), availability, todayIso);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  useEffect(loadMonthCalendarWhenIdle, []);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!dialogRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    // On the document, not the dialog: Escape must close it wherever focus has wandered.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open, buttonRef]);

  return (
    <div className="booking-date">
      <span id={ids.label} className="booking-field__label">
        {label ?? t('fields.preferredDate')}{' '}
        <span aria-hidden="true" className="booking-field__required">
          *
        </span>
      </span>
      <button
        ref={buttonRef}
        type="button"
        name="preferredDate"
        className={`booking-date__button${value ? '' : ' booking-date__button--empty'}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? ids.dialog : undefined}
        aria-labelledby={`${ids.label} ${ids.label}-value`}
        aria-invalid={error ? true : undefined}
        // aria-required is not allowed on a button, so "required" is its description instead.
        aria-describedby={error ? `${ids.required} ${ids.error}` : ids.required}
        onClick={() => setOpen((isOpen) => !isOpen)}
        onPointerEnter={prefetchMonthCalendar}
        onFocus={prefetchMonthCalendar}
      >
        <span id={`${ids.label}-value`}>
          {selected ? formatLongDate(selected, language) : t('datePicker.placeholder')}
        </span>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className="booking-date__icon">
          <path
            d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7zm-2 8h14v10H5V10z"
            fill="currentColor"
          />
        </svg>
      </button>
      <span id={ids.required} hidden>
        {t('datePicker.required')}
      </span>
      {error && (
        <p id={ids.error} className="booking-field__error" role="alert">
          {error}
        </p>
      )}
      {open && (
        <div
          ref={dialogRef}
          id={ids.dialog}
          role="dialog"
          aria-modal="true"
          aria-label={t('datePicker.dialogLabel')}
          className="booking-date__dialog"
          onKeyDown={(event) => {
            if (event.key === 'Tab' && dialogRef.current) keepFocusInside(dialogRef.current, event);
          }}
        >
          <Suspense fallback={<CalendarLoading text={t('datePicker.loading')} />}>
            <MonthCalendar
              language={language}
              selected={selected}
              today={today}
              lastDay={lastDay}
              reasonText={(date) => reasonText(t, reasonOf(date))}
              isDisabled={(date) => reasonOf(date) !== null}
              legend={t('availability.legend')}
              words={{
                navigation: t('datePicker.navigation'),
                previousMonth: t('datePicker.previousMonth'),
                nextMonth: t('datePicker.nextMonth'),
                today: (date) => t('datePicker.today', { date }),
                selected: (date) => t('datePicker.selected', { date }),
              }}
              onSelect={(day) => {
                onChange(toIsoDate(day));
                close();
              }}
            />
          </Suspense>
          <button type="button" className="booking-date__close" onClick={close}>
            {t('datePicker.close')}
          </button>
        </div>
      )}
    </div>
  );
}
