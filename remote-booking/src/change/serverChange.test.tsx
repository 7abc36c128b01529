/** @jest-environment node */
// The change page as the shell's server renders it: the link's state and the free slots asked,
// awaited and embedded for hydration, the picker and button in the HTML; no request for a token
// that cannot be one.
import { MemoryRouter } from 'react-router-dom';
import { prerender } from 'react-dom/static';
import { translationsReady } from 'shared-i18n';
import type { ChangeView, DayAvailability } from 'supabase-schema';
import en from '../locales/en.json';
import ChangeBookingPage from '../pages/ChangeBookingPage';
import { SAMPLE_CALL } from '../testing/sampleCall';

const VIEW: ChangeView = { state: 'open', call: SAMPLE_CALL, moves_left: 2 };
const DAYS: DayAvailability[] = [{ day: '2027-01-06', closure: null, free_times: ['9:00 AM'] }];

function database() {
  return jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(
      async (input) => new Response(JSON.stringify(String(input).includes('available_slots') ? DAYS : VIEW)),
    );
}

async function serverHtml(address: string): Promise<string> {
  await translationsReady();
  const { prelude } = await prerender(
    <MemoryRouter initialEntries={[address]}>
      <ChangeBookingPage />
    </MemoryRouter>,
  );
  return new Response(prelude).text();
}

afterEach(() => jest.restoreAllMocks());

test('the server renders the open link with its call, the picker and the button, and embeds both answers', async () => {
  const fetch = database();
  const token = `srv${'y'.repeat(40)}`;
  const html = await serverHtml(`/booking/change?token=${token}`);
  expect(html).toContain(en.change.states.open.heading);
  expect(html).toContain('Tuesday, January 5, 2027 at 2:00 PM Panama time');
  expect(html).toContain('You can move this call 2 more times.');
  expect(html).toContain(en.change.confirm);
  expect(html).toContain(
    `<script id="booking-change" type="application/json">${JSON.stringify(VIEW)}</script>`,
  );
  expect(html).toContain(
    `<script id="booking-availability" type="application/json">${JSON.stringify(DAYS)}</script>`,
  );
  expect(
    fetch.mock.calls
      .map(([url]) => String(url))
      .some((url) => url.includes(`booking_for_change?token=${token}`)),
  ).toBe(true);
});

test('without a well-formed token the server asks nothing and renders "not valid"', async () => {
  const fetch = database();
  const html = await serverHtml('/booking/change?token=short');
  expect(html).toContain(en.change.states.link_unknown.heading);
  expect(html).not.toContain('id="booking-change"');
  expect(fetch).not.toHaveBeenCalled();
});
