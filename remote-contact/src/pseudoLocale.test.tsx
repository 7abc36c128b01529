import { EmailJSResponseStatus } from '@emailjs/browser';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { LOCAL_SETTINGS } from 'site-config';
import { findUnmarkedText, showPseudoLocale } from 'shared-i18n/translation-checks';
import { EnquirySection } from './components/EnquirySection';
import { NAMESPACE } from './i18n';
import en from './locales/en.json';
import ContactPage from './pages/ContactPage';

/** What the page shows that is not copy: the agency's settings. */
const NOT_COPY = [LOCAL_SETTINGS.site.organizationName];

function renderAt(page: ReactNode) {
  return render(<MemoryRouter initialEntries={['/contact']}>{page}</MemoryRouter>).container;
}

beforeAll(() => showPseudoLocale({ [NAMESPACE]: en }));
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

test('the contact page shows no text that is not in the translation files', () => {
  const container = renderAt(<ContactPage />);
  expect(container.textContent).toContain('⟦');
  expect(findUnmarkedText(container, NOT_COPY)).toEqual([]);
  expect(findUnmarkedText(document.head, NOT_COPY)).toEqual([]);
});

test.each([
  ['sent', () => Promise.resolve(), 'contact-thanks'],
  ['refused', () => Promise.reject(new EmailJSResponseStatus(500, 'Internal Server Error')), null],
  ['too many', () => Promise.reject(new EmailJSResponseStatus(429, 'Too Many Requests')), null],
])('a message %s is answered with text from the translation files only', async (_, send, testId) => {
  const container = renderAt(<EnquirySection sendEnquiry={send} />);
  const user = userEvent.setup({ delay: null });
  const fill = (name: string, value: string) =>
    user.type(container.querySelector(`[name="${name}"]`) as HTMLElement, value);
  await fill('name', 'Ana Pérez');
  await fill('email', 'ana@example.com');
  await fill('message', 'Hola');
  await user.click(container.querySelector('button[type="submit"]') as HTMLElement);
  await (testId ? screen.findByTestId(testId) : screen.findByRole('alert'));
  expect(findUnmarkedText(container, NOT_COPY)).toEqual([]);
});
