import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { setLanguage } from 'shared-i18n';
import '../i18n';
import { DatePickerField } from './DatePickerField';
import { toIsoDate } from './calendarDates';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <DatePickerField value={value} onChange={setValue} error={null} buttonRef={createRef()} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const monthTitle = (date: Date, language = 'en-US') =>
  new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }).format(date);

afterEach(() => act(() => setLanguage('en')));

test('the picker opens as a dialog on this month, cannot go back, and can go forward', async () => {
  render(<Harness />);
  const button = screen.getByRole('button', { name: /Select date/ });
  await userEvent.click(button);
  const dialog = screen.getByRole('dialog', { name: 'Choose a date for your call' });
  const today = new Date();
  expect(dialog.textContent).toContain(monthTitle(today));
  expect(screen.getByRole('button', { name: /previous month/i }).getAttribute('aria-disabled')).toBe('true');
  await userEvent.click(screen.getByRole('button', { name: /next month/i }));
  const next = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  expect(dialog.textContent).toContain(monthTitle(next));
});

test('focus goes to today; days before today are disabled; picking a day sets it and closes', async () => {
  render(<Harness />);
  await userEvent.click(screen.getByRole('button', { name: /Select date/ }));
  const focused = document.activeElement as HTMLElement;
  expect(focused.closest('[data-day]')?.getAttribute('data-day')).toBe(toIsoDate(new Date()));
  const today = new Date();
  if (today.getDate() > 1) {
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    const cell = document.querySelector(`[data-day="${toIsoDate(yesterday)}"] button`) as HTMLButtonElement;
    expect(cell.disabled).toBe(true);
  }
  await userEvent.keyboard('{ArrowRight}{Enter}');
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  expect(screen.getByTestId('value').textContent).toBe(toIsoDate(tomorrow));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('Escape closes the picker and gives focus back to the date button', async () => {
  render(<Harness />);
  const button = screen.getByRole('button', { name: /Select date/ });
  await userEvent.click(button);
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(button);
});

test('in Spanish the picker and the chosen date speak Spanish', async () => {
  render(<Harness />);
  await act(() => setLanguage('es'));
  await userEvent.click(screen.getByRole('button', { name: /Seleccionar fecha/ }));
  const headers = [...document.querySelectorAll('th[aria-label], .rdp-weekday')].map(
    (cell) => cell.textContent,
  );
  expect(headers.slice(0, 7)).toEqual(['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb']);
  await userEvent.keyboard('{Enter}');
  expect(screen.getByRole('button', { name: /Fecha Preferida/ }).textContent).toMatch(/ de \d{4}$/);
});
