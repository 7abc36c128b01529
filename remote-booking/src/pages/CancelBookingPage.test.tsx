// The cancel page in the browser: each state the link can be in, and the one button that cancels.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { setLanguage } from 'shared-i18n';
import { siteConfig } from 'site-config';
import type { CancellationView } from 'supabase-schema';
import { bookingConfig } from '../config';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { SAMPLE_CALL as CALL } from '../testing/sampleCall';
import CancelBookingPage from './CancelBookingPage';

const TOKEN = 'q7Vb1xQ0cJ3nW9eR2tY5uI8oP4aS6dF-gH_jK1lZ0xC';
const READ_URL = `${bookingConfig.supabaseUrl}/rest/v1/rpc/booking_for_cancellation?token=${TOKEN}`;
const CANCEL_URL = `${bookingConfig.supabaseUrl}/rest/v1/rpc/cancel_booking`;

type Answer = CancellationView | Error | Promise<Response>;

/** The database as the page meets it: each request answered with the next of `answers`. */
function answerWith(...answers: Answer[]) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    if (answer instanceof Error) throw answer;
    if (answer instanceof Promise) return answer;
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  });
}

function renderAt(address: string) {
  render(
    <MemoryRouter initialEntries={[address]}>
      <CancelBookingPage />
    </MemoryRouter>,
  );
}

const status = () => screen.getByTestId('cancel-status');
const shownState = () => status().getAttribute('data-status');
const bookAnother = (strings = en) => screen.getByRole('link', { name: strings.cancel.bookAnother });

/** The failures a test provokes are logged, as they should be; the test reads them instead. */
const loggedErrors = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

afterEach(async () => {
  jest.restoreAllMocks();
  await act(() => setLanguage('en'));
});

test.each([
  ['without a token', '/booking/cancel'],
  ['with a token copied incompletely', `/booking/cancel?token=${TOKEN.slice(0, 30)}`],
])('a link %s is not valid, and the database is not asked', (_, address) => {
  const fetch = answerWith();
  renderAt(address);
  expect(shownState()).toBe('unknown');
  expect(status().textContent).toContain(en.cancel.states.unknown.heading);
  expect(bookAnother().getAttribute('href')).toBe('/booking');
  expect(screen.getByRole('link', { name: siteConfig.email }).getAttribute('href')).toBe(
    `mailto:${siteConfig.email}`,
  );
  expect(screen.queryByRole('button', { name: en.cancel.confirm })).toBeNull();
  expect(fetch).not.toHaveBeenCalled();
});

test("an open link shows the call's day and time in Panama and the button; opening it cancels nothing", async () => {
  const fetch = answerWith({ state: 'open', call: CALL });
  renderAt(`/booking/cancel?token=${TOKEN}`);
  expect(shownState()).toBe('checking');
  await screen.findByRole('button', { name: en.cancel.confirm });
  expect(status().textContent).toContain(en.cancel.states.open.heading);
  expect(screen.getByTestId('cancel-call').textContent).toContain(
    'Tuesday, January 5, 2027 at 2:00 PM Panama time',
  );
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0] ?? [];
  expect(url).toBe(READ_URL);
  expect(init?.method ?? 'GET').toBe('GET');
  expect(init?.headers).toMatchObject({ apikey: bookingConfig.supabaseAnonKey });
});

test('pressing the button cancels the call with the token, busy meanwhile, then says it is cancelled', async () => {
  let answerCancel!: (response: Response) => void;
  const cancelled = new Promise<Response>((resolve) => (answerCancel = resolve));
  const fetch = answerWith({ state: 'open', call: CALL }, cancelled);
  const user = userEvent.setup({ delay: null });
  renderAt(`/booking/cancel?token=${TOKEN}`);
  await user.click(await screen.findByRole('button', { name: en.cancel.confirm }));

  const busy = screen.getByRole('button', { name: en.cancel.cancelling });
  expect((busy as HTMLButtonElement).disabled).toBe(true);
  const [url, init] = fetch.mock.calls[1] ?? [];
  expect(url).toBe(CANCEL_URL);
  expect(init).toMatchObject({
    method: 'POST',
    body: JSON.stringify({ token: TOKEN }),
    headers: {
      apikey: bookingConfig.supabaseAnonKey,
      Authorization: `Bearer ${bookingConfig.supabaseAnonKey}`,
      'Content-Type': 'application/json',
    },
  });

  answerCancel(new Response(JSON.stringify({ state: 'cancelled', call: CALL })));
  await waitFor(() => expect(shownState()).toBe('justCancelled'));
  expect(status().textContent).toContain(en.cancel.states.justCancelled.heading);
  expect(screen.queryByRole('button', { name: en.cancel.confirm })).toBeNull();
  expect(screen.getByTestId('cancel-call').textContent).toContain('2:00 PM');
  expect(bookAnother().classList).toContain('site-button--primary');
});

test('a press that fails (network, server) says so and offers the button again, which then works', async () => {
  const logged = loggedErrors();
  answerWith(
    { state: 'open', call: CALL },
    new TypeError('Failed to fetch'),
    Promise.resolve(new Response('{}', { status: 503 })),
    { state: 'cancelled', call: CALL },
  );
  const user = userEvent.setup({ delay: null });
  renderAt(`/booking/cancel?token=${TOKEN}`);
  const pressAndFail = async () => {
    await user.click(await screen.findByRole('button', { name: en.cancel.confirm }));
    expect((await screen.findByRole('alert')).textContent).toContain(en.cancel.failed);
    expect(shownState()).toBe('open');
  };
  await pressAndFail(); // the network
  await pressAndFail(); // the server's 503
  await user.click(screen.getByRole('button', { name: en.cancel.confirm }));
  await waitFor(() => expect(shownState()).toBe('justCancelled'));
  expect(screen.queryByRole('alert')).toBeNull();
  expect(logged).toHaveBeenCalledTimes(2);
});

test('a press the database refuses shows why: the link was used meanwhile (in another tab)', async () => {
  answerWith({ state: 'open', call: CALL }, { state: 'used', call: CALL });
  const user = userEvent.setup({ delay: null });
  renderAt(`/booking/cancel?token=${TOKEN}`);
  await user.click(await screen.findByRole('button', { name: en.cancel.confirm }));
  await waitFor(() => expect(shownState()).toBe('used'));
  expect(status().textContent).toContain(en.cancel.states.used.heading);
});

test.each(['used', 'cancelled', 'past'] as const)(
  'a %s link says so, with no button, and offers another time and the contact',
  async (state) => {
    answerWith({ state, call: CALL });
    renderAt(`/booking/cancel?token=${TOKEN}`);
    await waitFor(() => expect(shownState()).toBe(state));
    expect(status().textContent).toContain(en.cancel.states[state].text);
    expect(screen.queryByRole('button', { name: en.cancel.confirm })).toBeNull();
    expect(bookAnother().getAttribute('href')).toBe('/booking');
    expect(screen.getByRole('link', { name: siteConfig.phone })).toBeTruthy();
  },
);

test('when the database cannot be asked, the page says so and asks again on request', async () => {
  const logged = loggedErrors();
  answerWith(new TypeError('Failed to fetch'), { state: 'open', call: CALL });
  const user = userEvent.setup({ delay: null });
  renderAt(`/booking/cancel?token=${TOKEN}`);
  await waitFor(() => expect(shownState()).toBe('unreadable'));
  await user.click(screen.getByRole('button', { name: en.cancel.askAgain }));
  expect(await screen.findByRole('button', { name: en.cancel.confirm })).toBeTruthy();
  expect(logged).toHaveBeenCalledTimes(1);
});

test('in Spanish, every text is Spanish and "book another time" stays in Spanish', async () => {
  await act(() => setLanguage('es'));
  answerWith({ state: 'open', call: CALL });
  renderAt(`/booking/cancel?token=${TOKEN}&lang=es`);
  await screen.findByRole('button', { name: es.cancel.confirm });
  expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(es.cancel.title);
  expect(screen.getByTestId('cancel-call').textContent).toContain(
    'Martes, 5 de enero de 2027 a las 2:00 p. m., hora de Panamá',
  );
  expect(bookAnother(es).getAttribute('href')).toBe('/booking?lang=es');
});

test("the visitor's own time is added when their zone reads the call differently", async () => {
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolvedOptions.call(this), timeZone: 'America/Argentina/Buenos_Aires' };
  });
  answerWith({ state: 'open', call: CALL });
  renderAt(`/booking/cancel?token=${TOKEN}`);
  expect((await screen.findByTestId('cancel-local-time')).textContent).toBe(
    'That is 4:00 PM in Buenos Aires.',
  );
});

test('the answer the server embedded is shown at once, without asking again', async () => {
  const fetch = answerWith();
  const embedded = document.createElement('script');
  embedded.id = 'booking-cancellation';
  embedded.type = 'application/json';
  embedded.textContent = JSON.stringify({ state: 'past', call: CALL });
  document.body.append(embedded);
  try {
    renderAt(`/booking/cancel?token=${TOKEN}`);
    expect(shownState()).toBe('past');
    expect(fetch).not.toHaveBeenCalled();
  } finally {
    embedded.remove();
  }
});

test('the page is kept out of search engines, and its address (with the token) out of referrers', () => {
  answerWith();
  renderAt('/booking/cancel');
  expect(document.title).toBe(`${en.cancel.metaTitle} | ${siteConfig.organizationName}`);
  expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
});
