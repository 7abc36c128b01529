/** @jest-environment node */
// The cancel page as the shell's server renders it: the link's state awaited and embedded for
// hydration (asked once per request: bookingLink/linkLookup.test.ts); no request for a token that
// cannot be one.
import { MemoryRouter } from 'react-router-dom';
import { prerender } from 'react-dom/static';
import { translationsReady } from 'shared-i18n';
import type { CancellationView } from 'supabase-schema';
import en from '../locales/en.json';
import CancelBookingPage from '../pages/CancelBookingPage';
import { SAMPLE_CALL as CALL } from '../testing/sampleCall';

/** A well-formed token of its own for each test. */
let tokens = 0;
const freshToken = () => `${String(++tokens).padStart(3, '0')}${'x'.repeat(40)}`;

function answerWith(view: CancellationView) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(view)));
}

/** The page's HTML as the shell's server renders it: each call a request with its own router. */
async function serverHtml(address: string): Promise<string> {
  await translationsReady();
  const { prelude } = await prerender(
    <MemoryRouter initialEntries={[address]}>
      <CancelBookingPage />
    </MemoryRouter>,
  );
  return new Response(prelude).text();
}

afterEach(() => jest.restoreAllMocks());

test('the server renders the state the database gives, and embeds it for the browser to hydrate with', async () => {
  const fetch = answerWith({ state: 'open', call: CALL });
  const token = freshToken();
  const html = await serverHtml(`/booking/cancel?token=${token}`);
  expect(html).toContain(en.cancel.states.open.heading.replace("'", '&#x27;'));
  expect(html).toContain('Tuesday, January 5, 2027 at 2:00 PM Panama time');
  expect(html).toContain(en.cancel.confirm);
  expect(html).toContain(
    `<script id="booking-cancellation" type="application/json">${JSON.stringify({ state: 'open', call: CALL })}</script>`,
  );
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(String(fetch.mock.calls[0]?.[0])).toContain(`/rest/v1/rpc/booking_for_cancellation?token=${token}`);
});

test('without a well-formed token the server asks nothing and renders "not valid"', async () => {
  const fetch = answerWith({ state: 'open', call: CALL });
  const html = await serverHtml('/booking/cancel?token=short');
  expect(html).toContain(en.cancel.states.unknown.heading);
  expect(html).not.toContain('booking-cancellation');
  expect(fetch).not.toHaveBeenCalled();
});

test('a database that does not answer leaves the page checking, for the browser to ask', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
  const html = await serverHtml(`/booking/cancel?token=${freshToken()}`);
  expect(html).toContain(en.cancel.states.checking.heading);
  expect(html).not.toContain('booking-cancellation');
});

test('a reload right after the visitor cancelled shows the link used, not open', async () => {
  const token = freshToken();
  answerWith({ state: 'open', call: CALL });
  expect(await serverHtml(`/booking/cancel?token=${token}`)).toContain(en.cancel.confirm);
  answerWith({ state: 'used', call: CALL });
  const reloaded = await serverHtml(`/booking/cancel?token=${token}`);
  expect(reloaded).toContain(en.cancel.states.used.heading);
  expect(reloaded).not.toContain(en.cancel.confirm);
});
