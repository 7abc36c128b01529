// The change page in the browser: each state the link can be in, the new time chosen with the
// booking form's picker (free times only), the move, each refusal said, and the moved call.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { setLanguage } from 'shared-i18n';
import { siteConfig } from 'site-config';
import type { ChangeView, DayAvailability, MovedView } from 'supabase-schema';
import { bookingConfig } from '../config';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ChangeBookingPage from './ChangeBookingPage';

const TOKEN = 'q7Vb1xQ0cJ3nW9eR2tY5uI8oP4aS6dF-gH_jK1lZ0xC';
const CALL = {
  preferred_date: '2026-12-07',
  preferred_time: '2:00 PM',
  starts_at: '2026-12-07T19:00:00Z',
  language: 'en',
  time_zone: 'America/Panama',
} as const;
const OPEN: ChangeView = { state: 'open', call: CALL, moves_left: 3 };
const DAYS: DayAvailability[] = [
  { day: '2026-12-01', closure: null, free_times: ['3:00 PM'] },
  { day: '2026-12-02', closure: 'full', free_times: [] },
  { day: '2026-12-03', closure: null, free_times: ['9:00 AM', '11:00 AM'] },
  { day: '2026-12-04', closure: null, free_times: ['9:00 AM'] },
];
const MOVED: MovedView = {
  state: 'moved',
  call: {
    ...CALL,
    preferred_date: '2026-12-03',
    preferred_time: '11:00 AM',
    starts_at: '2026-12-03T16:00:00Z',
  },
  moved_from: {
    preferred_date: CALL.preferred_date,
    preferred_time: CALL.preferred_time,
    starts_at: CALL.starts_at,
  },
  moves_left: 2,
};
const rpc = (name: string) => `${bookingConfig.supabaseUrl}/rest/v1/rpc/${name}`;

type Answer = unknown;

/**
 * The database as the page meets it: the link's state and the free slots as given, and each move
 * answered with the next of `moves` (a body and status, or an Error for the network).
 */
function database(view: ChangeView | Error, ...moves: (readonly [Answer, number] | Error)[]) {
  const json = (body: Answer, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith(rpc('available_slots'))) return json(DAYS);
    if (url.startsWith(rpc('booking_for_change'))) {
      if (view instanceof Error) throw view;
      return json(view);
    }
    if (url === rpc('move_booking')) {
      const next = moves.shift();
      if (!next) throw new Error('unexpected move');
      if (next instanceof Error) throw next;
      return json(...next);
    }
    throw new Error(`unexpected request ${url}`);
  });
}

const refusal = (code: string, details: string) =>
  [{ code, details, message: 'The call was not moved', hint: null }, 409] as const;

function renderAt(address: string) {
  render(
    <MemoryRouter initialEntries={[address]}>
      <ChangeBookingPage />
    </MemoryRouter>,
  );
}

const status = () => screen.getByTestId('change-status');
const shownState = () => status().getAttribute('data-status');
const timeSelect = () => screen.getByRole('combobox', { name: /New time/ }) as HTMLSelectElement;
const loggedErrors = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

/** Picks `day` in the date picker and `time` in the list, as a visitor does. */
async function choose(user: ReturnType<typeof userEvent.setup>, day: string, time: string) {
  await user.click(screen.getByRole('button', { name: /Select date/ }));
  await user.click(document.querySelector(`[data-day="${day}"] button`) as HTMLButtonElement);
  await user.selectOptions(timeSelect(), time);
}

/** Tuesday 1 December 2026, 10:00 in Panama (only Date is faked). */
beforeEach(() => {
  jest.useFakeTimers({
    now: new Date('2026-12-01T15:00:00Z'),
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'queueMicrotask',
      'nextTick',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'performance',
      'hrtime',
    ],
  });
});
afterEach(async () => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  await act(() => setLanguage('en'));
});

test.each([
  ['without a token', '/booking/change'],
  ['with a token copied incompletely', `/booking/change?token=${TOKEN.slice(0, 30)}`],
])('a link %s is not valid, and the database is not asked', (_, address) => {
  const fetch = database(OPEN);
  renderAt(address);
  expect(shownState()).toBe('link_unknown');
  expect(status().textContent).toContain(en.change.states.link_unknown.heading);
  expect(screen.queryByTestId('change-form')).toBeNull();
  expect(fetch).not.toHaveBeenCalled();
});

test('an open link shows the call, how many moves are left, and only the free times of the chosen day', async () => {
  database(OPEN);
  const user = userEvent.setup();
  renderAt(`/booking/change?token=${TOKEN}`);
  expect(shownState()).toBe('checking');
  await waitFor(() => expect(shownState()).toBe('open'));
  expect(screen.getByText(en.change.currentCall).parentElement?.textContent).toContain(
    'Monday, December 7, 2026 at 2:00 PM Panama time',
  );
  expect(screen.getByTestId('change-moves-left').textContent).toBe('You can move this call 3 more times.');
  // While there is a call to move, booking anew is not offered: only the contact.
  expect(screen.queryByRole('link', { name: en.cancel.bookAnother })).toBeNull();
  expect(screen.getByRole('button', { name: /New date/ })).toBeTruthy();
  await user.click(screen.getByRole('button', { name: /Select date/ }));
  await waitFor(() =>
    expect((document.querySelector('[data-day="2026-12-02"] button') as HTMLButtonElement).disabled).toBe(
      true,
    ),
  );
  await user.click(document.querySelector('[data-day="2026-12-03"] button') as HTMLButtonElement);
  const offered = [...timeSelect().options]
    .filter((option) => option.value && !option.disabled)
    .map((option) => option.value);
  expect(offered).toEqual(['9:00 AM', '11:00 AM']);
});

test('pressing the button moves the call with the token, busy meanwhile, then shows where it was and where it is', async () => {
  let answerMove!: (response: Response) => void;
  const fetch = database(OPEN);
  fetch.mockImplementationOnce(async (input) => {
    if (String(input).startsWith(rpc('booking_for_change'))) return new Response(JSON.stringify(OPEN));
    return new Response(JSON.stringify(DAYS));
  });
  const user = userEvent.setup();
  renderAt(`/booking/change?token=${TOKEN}`);
  await waitFor(() => expect(shownState()).toBe('open'));
  await choose(user, '2026-12-03', '11:00 AM');
  fetch.mockImplementation(async (input) => {
    if (String(input) === rpc('move_booking'))
      return new Promise<Response>((resolve) => (answerMove = resolve));
    return new Response(JSON.stringify(DAYS));
  });
  await user.click(screen.getByRole('button', { name: en.change.confirm }));
  expect((screen.getByRole('button', { name: en.change.moving }) as HTMLButtonElement).disabled).toBe(true);
  const [, init] = fetch.mock.calls.find(([url]) => String(url) === rpc('move_booking')) ?? [];
  expect(init).toMatchObject({
    method: 'POST',
    body: JSON.stringify({ token: TOKEN, new_date: '2026-12-03', new_time: '11:00 AM' }),
    headers: { apikey: bookingConfig.supabaseAnonKey, 'Content-Type': 'application/json' },
  });

  answerMove(new Response(JSON.stringify(MOVED)));
  await waitFor(() => expect(shownState()).toBe('moved'));
  expect(status().textContent).toContain(en.change.states.moved.heading);
  expect(screen.getByText(en.change.before).parentElement?.textContent).toContain(
    'December 7, 2026 at 2:00 PM',
  );
  expect(screen.getByText(en.change.now).parentElement?.textContent).toContain(
    'December 3, 2026 at 11:00 AM',
  );
  expect(screen.queryByTestId('change-form')).toBeNull();
});

test.each([
  ['PT409', 'taken'],
  ['BK009', 'busy'],
  ['BK003', 'too_soon'],
  ['BK002', 'closed'],
  ['BM007', 'same_slot'],
  ['PT429', 'too_many'],
] as const)(
  'a time refused with %s (%s) is said at the button; the call stays and the times are asked again',
  async (code, reason) => {
    const fetch = database(OPEN, refusal(code, reason), [MOVED, 200]);
    const user = userEvent.setup();
    renderAt(`/booking/change?token=${TOKEN}`);
    await waitFor(() => expect(shownState()).toBe('open'));
    await choose(user, '2026-12-03', '9:00 AM');
    const slotsAsked = () =>
      fetch.mock.calls.filter(([url]) => String(url).startsWith(rpc('available_slots'))).length;
    const before = slotsAsked();
    await user.click(screen.getByRole('button', { name: en.change.confirm }));
    const said = await screen.findByTestId('change-refusal');
    expect(said.textContent).toBe(en.change.refusals[reason]);
    expect(said.getAttribute('role')).toBe('alert');
    expect(shownState()).toBe('open');
    await waitFor(() => expect(slotsAsked()).toBeGreaterThan(before));
    // Another time goes through.
    await user.selectOptions(timeSelect(), '11:00 AM');
    await user.click(screen.getByRole('button', { name: en.change.confirm }));
    await waitFor(() => expect(shownState()).toBe('moved'));
  },
);

test('a press refused because the link was used meanwhile (another tab) shows the link state', async () => {
  database(OPEN, refusal('BM002', 'link_used'));
  const user = userEvent.setup();
  renderAt(`/booking/change?token=${TOKEN}`);
  await waitFor(() => expect(shownState()).toBe('open'));
  await choose(user, '2026-12-03', '9:00 AM');
  await user.click(screen.getByRole('button', { name: en.change.confirm }));
  await waitFor(() => expect(shownState()).toBe('link_used'));
  expect(screen.queryByTestId('change-form')).toBeNull();
});

test('a press that fails (network) says so and changes nothing', async () => {
  const logged = loggedErrors();
  database(OPEN, new TypeError('Failed to fetch'));
  const user = userEvent.setup();
  renderAt(`/booking/change?token=${TOKEN}`);
  await waitFor(() => expect(shownState()).toBe('open'));
  await choose(user, '2026-12-03', '9:00 AM');
  await user.click(screen.getByRole('button', { name: en.change.confirm }));
  expect((await screen.findByTestId('change-failed')).textContent).toBe(en.change.failed);
  expect(shownState()).toBe('open');
  expect(logged).toHaveBeenCalledTimes(1);
});

test('with a time but no day chosen the button asks for the day, and moves nothing', async () => {
  const fetch = database(OPEN);
  const user = userEvent.setup();
  renderAt(`/booking/change?token=${TOKEN}`);
  await waitFor(() => expect(shownState()).toBe('open'));
  await user.selectOptions(timeSelect(), '9:00 AM');
  await user.click(screen.getByRole('button', { name: en.change.confirm }));
  expect(screen.getByText(en.validation.required)).toBeTruthy();
  expect(fetch.mock.calls.some(([url]) => String(url) === rpc('move_booking'))).toBe(false);
});

test.each(['link_used', 'cancelled', 'past', 'too_late', 'move_limit'] as const)(
  'a %s link says so, with no picker, and offers the contact',
  async (state) => {
    database({ state, call: CALL, moves_left: state === 'move_limit' ? 0 : 2 });
    renderAt(`/booking/change?token=${TOKEN}`);
    await waitFor(() => expect(shownState()).toBe(state));
    expect(status().textContent).toContain(en.change.states[state].text);
    expect(screen.queryByTestId('change-form')).toBeNull();
    expect(screen.getByRole('link', { name: siteConfig.phone })).toBeTruthy();
    const booksAnew = state === 'cancelled' || state === 'past';
    expect(screen.queryByRole('link', { name: en.cancel.bookAnother }) !== null).toBe(booksAnew);
  },
);

test('in Spanish, every text is Spanish', async () => {
  await act(() => setLanguage('es'));
  database(OPEN);
  renderAt(`/booking/change?token=${TOKEN}&lang=es`);
  await waitFor(() => expect(shownState()).toBe('open'));
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(es.change.title);
  expect(status().textContent).toContain(es.change.states.open.heading);
  expect(screen.getByTestId('change-moves-left').textContent).toBe('Puedes mover esta llamada 3 veces más.');
  expect(
    within(screen.getByTestId('change-form')).getByRole('button', { name: es.change.confirm }),
  ).toBeTruthy();
  expect(screen.getByText(es.change.currentCall).parentElement?.textContent).toContain(
    'Lunes, 7 de diciembre de 2026 a las 2:00 p. m., hora de Panamá',
  );
});

test('the page is kept out of search engines, and its address (with the token) out of referrers', () => {
  database(OPEN);
  renderAt('/booking/change');
  expect(document.title).toBe(`${en.change.metaTitle} | ${siteConfig.organizationName}`);
  expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
});
