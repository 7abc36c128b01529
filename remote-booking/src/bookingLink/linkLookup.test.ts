/** @jest-environment node */
// A link page's server render asks the database once per request for a token, and afresh for the next.
import { linkLookup } from './linkLookup';

const TOKEN = 'q7Vb1xQ0cJ3nW9eR2tY5uI8oP4aS6dF-gH_jK1lZ0xC';

function lookupAnswering(view: { state: string } | Error) {
  const fetchView = jest.fn(async () => {
    if (view instanceof Error) throw view;
    return view;
  });
  return { fetchView, lookup: linkLookup({ name: 'the test link', embeddedId: 'booking-test', fetchView }) };
}

test('a token is asked once per request (React renders the page again with the same promise), and again by the next request', () => {
  const { fetchView, lookup } = lookupAnswering({ state: 'open' });
  const [request, reload] = [{ pathname: '/booking/cancel' }, { pathname: '/booking/cancel' }];
  const first = lookup.forServerRender(TOKEN, request);
  expect(lookup.forServerRender(TOKEN, request)).toBe(first);
  expect(lookup.forServerRender(TOKEN.replace('q', 'r'), request)).not.toBe(first);
  expect(lookup.forServerRender(TOKEN, reload)).not.toBe(first);
  expect(fetchView).toHaveBeenCalledTimes(3);
});

test('a database that does not answer renders with nothing, and says so in the log', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { lookup } = lookupAnswering(new TypeError('fetch failed'));
  await expect(lookup.forServerRender(TOKEN, {})).resolves.toBeNull();
  expect(logged).toHaveBeenCalledWith(
    '[booking] the test link could not be read for the server render',
    expect.any(TypeError),
  );
  logged.mockRestore();
});
