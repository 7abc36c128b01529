import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { setLanguage } from 'shared-i18n';
import type { DayAvailability } from 'supabase-schema';
import type { Availability } from '../availability/useAvailability';
import '../i18n';
import { DatePickerField } from './DatePickerField';

/** Only Date is faked: the picker's timers and user-event run as usual. */
function setNow(iso: string) {
  jest.useFakeTimers({
    now: new Date(iso),
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'nextTick',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'hrtime',
      'performance',
    ],
  });
}

/** Tuesday 1 December 2026, 10:00 in Panama. */
const NOW = '2026-12-01T15:00:00Z';

const DAYS: DayAvailability[] = [
  { day: '2026-12-01', closure: null, free_times: ['1:00 PM', '2:00 PM'] },
  { day: '2026-12-02', closure: 'full', free_times: [] },
  { day: '2026-12-03', closure: null, free_times: ['9:00 AM'] },
  { day: '2026-12-04', closure: null, free_times: ['9:00 AM'] },
  { day: '2026-12-05', closure: 'weekend', free_times: [] },
  { day: '2026-12-06', closure: 'weekend', free_times: [] },
  { day: '2026-12-07', closure: null, free_times: ['9:00 AM'] },
  { day: '2026-12-08', closure: 'holiday', free_times: [] },
  { day: '2027-01-31', closure: 'weekend', free_times: [] },
];

const availability = (days: DayAvailability[] | null): Availability => ({
  days: days && new Map(days.map((entry) => [entry.day, entry])),
  lastDay: days?.at(-1)?.day ?? null,
  rendered: days,
  refresh: async () => undefined,
});

function Harness({ days = DAYS }: { days?: DayAvailability[] | null }) {
  const [value, setValue] = useState('');
  return (
    <>
      <DatePickerField
        value={value}
        onChange={setValue}
        error={null}
        buttonRef={createRef()}
        availability={availability(days)}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

/** Taps the date button and waits for the month grid (a chunk of its own, loaded on first use). */
async function openPicker(name: RegExp = /Select date/) {
  await userEvent.click(screen.getByRole('button', { name }));
  await screen.findByRole('grid');
}

const dayButton = (day: string) => document.querySelector(`[data-day="${day}"] button`) as HTMLButtonElement;

beforeEach(() => setNow(NOW));
afterEach(async () => {
  jest.useRealTimers();
  await act(() => setLanguage('en'));
});

// First in the file: the month grid's chunk has not been loaded yet.
test('a tap before the month grid has arrived opens the dialog at once, saying it is loading', async () => {
  render(<Harness />);
  await userEvent.click(screen.getByRole('button', { name: /Select date/ }));
  const dialog = screen.getByRole('dialog', { name: 'Choose a date for your call' });
  const loading = screen.getByText('Loading the calendar…');
  expect(dialog.contains(loading)).toBe(true);
  // Keys pressed meanwhile stay in the dialog: Enter does not close it from the date button.
  expect(document.activeElement).toBe(loading);
  await screen.findByRole('grid');
  expect(dialog.textContent).toContain('December 2026');
  expect((document.activeElement as HTMLElement).closest('[data-day]')?.getAttribute('data-day')).toBe(
    '2026-12-01',
  );
});

test('the picker opens as a dialog on this month, cannot go back, and can go forward', async () => {
  render(<Harness />);
  await openPicker();
  const dialog = screen.getByRole('dialog', { name: 'Choose a date for your call' });
  expect(dialog.textContent).toContain('December 2026');
  expect(screen.getByRole('button', { name: /previous month/i }).getAttribute('aria-disabled')).toBe('true');
  await userEvent.click(screen.getByRole('button', { name: /next month/i }));
  expect(dialog.textContent).toContain('January 2027');
});

test('only free days can be picked; each disabled day says why on hover and to screen readers', async () => {
  render(<Harness />);
  await openPicker();
  expect((document.activeElement as HTMLElement).closest('[data-day]')?.getAttribute('data-day')).toBe(
    '2026-12-01',
  );
  for (const [day, reason] of [
    ['2026-12-02', 'Fully booked'],
    ['2026-12-05', 'Weekend'],
    ['2026-12-08', 'Public holiday'],
  ] as const) {
    expect(dayButton(day).disabled).toBe(true);
    expect(dayButton(day).title).toBe(reason);
    expect(dayButton(day).getAttribute('aria-label')).toMatch(new RegExp(`, ${reason}$`));
  }
  expect(dayButton('2026-12-03').disabled).toBe(false);
  await userEvent.click(dayButton('2026-12-03'));
  expect(screen.getByTestId('value').textContent).toBe('2026-12-03');
  expect(screen.queryByRole('dialog')).toBeNull();
});

test("today is Panama's today, even where the browser's date is already tomorrow", async () => {
  // 22:00 on 1 December in Panama is 2 December in UTC, the zone these tests run in.
  setNow('2026-12-02T03:00:00Z');
  render(<Harness days={null} />);
  await openPicker();
  expect(document.querySelector('.rdp-today')?.getAttribute('data-day')).toBe('2026-12-01');
  // Without the database's answer, weekends are still known to be closed.
  expect(dayButton('2026-12-05').title).toBe('Weekend');
});

test('Escape closes the picker and gives focus back to the date button', async () => {
  render(<Harness />);
  const button = screen.getByRole('button', { name: /Select date/ });
  await openPicker();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(button);
});

test('in Spanish the picker, its reasons and the chosen date speak Spanish', async () => {
  render(<Harness />);
  await act(() => setLanguage('es'));
  await openPicker(/Seleccionar fecha/);
  const headers = [...document.querySelectorAll('th[aria-label], .rdp-weekday')].map(
    (cell) => cell.textContent,
  );
  expect(headers.slice(0, 7)).toEqual(['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb']);
  expect(dayButton('2026-12-08').title).toBe('Día feriado');
  expect(dayButton('2026-12-02').getAttribute('aria-label')).toMatch(/, Sin cupos$/);
  await userEvent.keyboard('{Enter}');
  expect(screen.getByRole('button', { name: /Fecha Preferida/ }).textContent).toMatch(/ de \d{4}$/);
});
