/**
 * The proof is always ready: solved again before it expires while the page is shown, and the next
 * one started as soon as one is taken, so neither send waits for a solve.
 */
jest.mock('altcha-lib/v1', () => ({
  solveChallenge: () => ({ promise: Promise.resolve({ number: 7 }) }),
}));

const TWENTY_MINUTES = 20 * 60_000;

/** booking_challenge as the database answers it, expiring `validMs` from the clock's now. */
function challengeResponse(validMs: number): Response {
  const expires = Math.floor((Date.now() + validMs) / 1000);
  const challenge = {
    algorithm: 'SHA-256',
    challenge: 'c',
    maxnumber: 10,
    salt: `ab?expires=${expires}&`,
    signature: 's',
  };
  return new Response(JSON.stringify(challenge), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

let challenges: number;

beforeEach(() => {
  jest.useFakeTimers();
  jest.resetModules();
  challenges = 0;
  globalThis.fetch = jest.fn(async () => {
    challenges += 1;
    return challengeResponse(TWENTY_MINUTES);
  }) as typeof fetch;
});
afterEach(() => jest.useRealTimers());

/** Lets the fetched challenge and its solve settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

test('a proof taken starts the next at once, ready for "send a new code"', async () => {
  const { prepareBookingProof, takeBookingProof } = await import('./bookingProof');
  prepareBookingProof();
  await settle();
  expect(challenges).toBe(1);
  await expect(takeBookingProof()).resolves.toEqual(expect.any(String));
  expect(challenges).toBe(2);
  // The second send takes the one already solved: no new challenge is asked for on the way.
  await settle();
  await takeBookingProof();
  expect(challenges).toBe(3);
});

test('a prepared proof is solved again before it expires while the page is shown, not after', async () => {
  const { prepareBookingProof } = await import('./bookingProof');
  prepareBookingProof();
  await settle();
  expect(challenges).toBe(1);
  jest.advanceTimersByTime(TWENTY_MINUTES - 3 * 60_000);
  await settle();
  expect(challenges).toBe(1);
  jest.advanceTimersByTime(60_000);
  await settle();
  expect(challenges).toBe(2);
});
