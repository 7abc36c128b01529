import type { TFunction } from 'i18next';
import { localizedValidityMessage } from './validity';

const t = ((key: string, options?: { max?: number }) =>
  options?.max ? `${key}:${options.max}` : key) as TFunction;

function control(html: string): HTMLInputElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.querySelector('input') as HTMLInputElement;
}

test('each broken rule names its own message, and a valid control none', () => {
  expect(localizedValidityMessage(control('<input required>'), t)).toBe('validation.required');
  expect(localizedValidityMessage(control('<input type="email" value="maria@">'), t)).toBe(
    'validation.email',
  );
  expect(localizedValidityMessage(control('<input type="url" value="cafe.pa">'), t)).toBe('validation.url');
  expect(localizedValidityMessage(control('<input type="tel" pattern="[0-9]+" value="call me">'), t)).toBe(
    'validation.phone',
  );
  expect(localizedValidityMessage(control('<input required value="Ana">'), t)).toBe('');
});

test('a message set by the page itself is left alone', () => {
  const input = control('<input required>');
  input.setCustomValidity('Already explained');
  expect(localizedValidityMessage(input, t)).toBe('');
});
