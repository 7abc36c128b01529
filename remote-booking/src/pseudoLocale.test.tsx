import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { LOCAL_SETTINGS } from 'site-config';
import { findUnmarkedText, showPseudoLocale } from 'shared-i18n/translation-checks';
import type { ChangeView, DayAvailability } from 'supabase-schema';
import { NAMESPACE } from './i18n';
import en from './locales/en.json';
import BookingPage from './pages/BookingPage';
import CancelBookingPage from './pages/CancelBookingPage';
import ChangeBookingPage from './pages/ChangeBookingPage';
import { SAMPLE_CALL } from './testing/sampleCall';

const inEnglish = (options: Intl.DateTimeFormatOptions) => (date: Date) =>
  new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' }).format(date);
/** 1 to 7 November 2026, Sunday to Saturday; the first of each month of 2026. */
const WEEK = Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2026, 10, 1 + day)));
const MONTHS = Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 1)));
const WEEKDAY_NAMES = WEEK.map(inEnglish({ weekday: 'long' }));
const MONTH_NAMES = MONTHS.map(inEnglish({ month: 'long' })).join('|');

/**
 * What the pages show that is not copy: the agency's settings, and the date picker's dates as the
 * date library writes them (weekday headers, "November 2026", "Saturday, November 28th, 2026").
 */
const NOT_COPY = [
  LOCAL_SETTINGS.site.organizationName,
  ...WEEK.map(inEnglish({ weekday: 'short' })),
  ...WEEKDAY_NAMES,
  new RegExp(`^(${MONTH_NAMES}) \\d{4}$`),
  new RegExp(`^(${WEEKDAY_NAMES.join('|')}), (${MONTH_NAMES}) \\d{1,2}(st|nd|rd|th), \\d{4}$`),
];
const TOKEN = 'q7Vb1xQ0cJ3nW9eR2tY5uI8oP4aS6dF-gH_jK1lZ0xC';
const DAYS: DayAvailability[] = [{ day: '2027-01-04', closure: null, free_times: ['9:00 AM'] }];

/** The database answers the link's state (or fails) and the free slots. */
function database(view: object | Error) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input).includes('/rpc/available_slots')) return new Response(JSON.stringify(DAYS));
    if (view instanceof Error) throw view;
    return new Response(JSON.stringify(view), { headers: { 'content-type': 'application/json' } });
  });
}

async function expectAllTranslated(Page: ComponentType, address: string, status?: [string, string]) {
  const { container } = render(
    <MemoryRouter initialEntries={[address]}>
      <Page />
    </MemoryRouter>,
  );
  // The booking form's free slots arrive.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  if (status) {
    const [testId, state] = status;
    await waitFor(() => expect(screen.getByTestId(testId).getAttribute('data-status')).toBe(state));
  }
  expect(container.textContent).toContain('⟦');
  expect(findUnmarkedText(container, NOT_COPY)).toEqual([]);
  expect(findUnmarkedText(document.head, NOT_COPY)).toEqual([]);
}

beforeAll(() => showPseudoLocale({ [NAMESPACE]: en }));
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

test('the booking page shows no text that is not in the translation files', async () => {
  database([]);
  await expectAllTranslated(BookingPage, '/booking');
  // The open date picker: its month, weekdays and days.
  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /Select date/ }));
  await waitFor(() => expect(document.querySelector('[data-day]')).toBeTruthy());
  expect(findUnmarkedText(document.body, NOT_COPY)).toEqual([]);
});

test.each([
  ['unknown', '/booking/cancel', null],
  ['open', `/booking/cancel?token=${TOKEN}`, { state: 'open', call: SAMPLE_CALL }],
  ['used', `/booking/cancel?token=${TOKEN}`, { state: 'used', call: SAMPLE_CALL }],
  ['cancelled', `/booking/cancel?token=${TOKEN}`, { state: 'cancelled', call: SAMPLE_CALL }],
  ['past', `/booking/cancel?token=${TOKEN}`, { state: 'past', call: SAMPLE_CALL }],
])(
  'the cancel page, link %s, shows no text that is not in the translation files',
  async (state, address, view) => {
    database(view ?? new Error('not asked'));
    await expectAllTranslated(CancelBookingPage, address, ['cancel-status', state]);
  },
);

const CHANGE_VIEWS: ChangeView[] = (
  ['open', 'link_used', 'cancelled', 'past', 'too_late', 'move_limit'] as const
).map((state) => ({ state, call: SAMPLE_CALL, moves_left: state === 'move_limit' ? 0 : 3 }));

test('the change page of an unknown link shows no text that is not in the translation files', async () => {
  database(new Error('not asked'));
  await expectAllTranslated(ChangeBookingPage, '/booking/change', ['change-status', 'link_unknown']);
});

test.each(CHANGE_VIEWS.map((view) => [view.state, view] as const))(
  'the change page, link %s, shows no text that is not in the translation files',
  async (state, view) => {
    database(view);
    await expectAllTranslated(ChangeBookingPage, `/booking/change?token=${TOKEN}`, ['change-status', state]);
  },
);
