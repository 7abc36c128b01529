/** @jest-environment node */
// The booking form as the shell's server renders it from a code mail's link: the note says the
// address will be confirmed on send, and nothing is asked of the database (mail scanners open links).
import { MemoryRouter } from 'react-router-dom';
import { prerender } from 'react-dom/static';
import { translationsReady } from 'shared-i18n';
import type { BookingStore } from '../booking/bookingStore';
import '../i18n';
import en from '../locales/en.json';
import { BookingForm } from './BookingForm';

const unused = () => Promise.reject(new Error('nothing is sent while the page renders'));
const store: BookingStore = { requestCode: unused, verifyCode: unused, redeemLink: unused, insert: unused };

async function serverHtml(address: string): Promise<string> {
  await translationsReady();
  const { prelude } = await prerender(
    <MemoryRouter initialEntries={[address]}>
      <BookingForm store={store} />
    </MemoryRouter>,
  );
  return new Response(prelude).text();
}

afterEach(() => jest.restoreAllMocks());

test("a code mail's link leaves the server's HTML as for any query (the shell caches it for all), and redeems nothing", async () => {
  const redeem = jest.spyOn(store, 'redeemLink');
  const fetch = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('[]'));
  const html = await serverHtml(`/booking?address=${'L'.repeat(43)}&lang=en`);
  expect(html).toBe(await serverHtml('/booking?lang=en'));
  expect(html).not.toContain(en.addressLinkNote.replace(/'/g, '&#x27;'));
  expect(redeem).not.toHaveBeenCalled();
  expect(fetch.mock.calls.map(([url]) => String(url))).not.toContainEqual(
    expect.stringContaining('redeem_booking_link'),
  );
});
