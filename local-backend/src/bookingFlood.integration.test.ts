import { BOOKING_LIMITS, BOOKING_PROOF_REFUSED, DEFAULT_PROOF_MAX_NUMBER } from 'supabase-schema';
import type { RunningBackend } from './startLocalBackend';
import {
  bookingChallenge,
  setBookingLimits,
  setProofDifficulty,
  solveBookingChallenge,
  startTestBackend,
  supabaseAs,
  validBooking,
} from './testing/testBackend';

// Issue 31's flood, with the production limits and difficulty: a script rotating addresses no
// longer locks real visitors out, and one that pays for proofs is held on its network.

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackend();
  await setBookingLimits(backend, BOOKING_LIMITS);
  await setProofDifficulty(backend, DEFAULT_PROOF_MAX_NUMBER);
});
afterAll(() => backend.stop());

const storedFrom = async (emailPattern: string) => {
  const [row] = await backend.database.query(
    'select count(*)::int as count from public.bookings where email like $1',
    [emailPattern],
  );
  return Number(row?.count);
};

test('600 direct inserts from 600 addresses in a minute store at most 10, and a visitor booking in the middle is stored', async () => {
  const started = Date.now();
  let sent = 0;
  let genuine: PromiseLike<{ status: number }> | undefined;
  const flood: { status: number; error: { code: string; details: string } | null }[] = [];
  for (let first = 0; first < 600; first += 25) {
    const batch = Array.from({ length: 25 }, (_, offset) => {
      const index = first + offset;
      // 127.1.x.y: three /24 networks of 200 addresses, each a source address of its own.
      const from = `127.1.${Math.floor(index / 200)}.${(index % 200) + 1}`;
      return supabaseAs(backend, 'anon', { from, proof: 'none' })
        .from('bookings')
        .insert(validBooking({ email: `flood${index}@example.com` }));
    });
    sent += batch.length;
    // The visitor fills in the form while the flood is under way and sends halfway through it.
    if (sent >= 300 && !genuine) {
      genuine = supabaseAs(backend, 'anon', { from: '127.2.0.1' })
        .from('bookings')
        .insert(validBooking({ email: 'maria@cafeboquete.example' }));
    }
    flood.push(...(await Promise.all(batch)));
  }
  const seconds = (Date.now() - started) / 1000;
  const visitor = await genuine;

  const floodStored = await storedFrom('flood%');
  console.log(
    `flood: ${flood.length} inserts in ${seconds.toFixed(1)} s, ${floodStored} stored; ` +
      `answers ${JSON.stringify(countBy(flood.map((answer) => `${answer.status} ${answer.error?.code ?? ''}`)))}; ` +
      `the visitor in the middle: ${visitor?.status}`,
  );
  expect(seconds).toBeLessThan(60);
  expect(visitor?.status).toBe(201);
  expect(await storedFrom('maria@%')).toBe(1);
  expect(floodStored).toBeLessThanOrEqual(10);
  for (const answer of flood.filter((answer) => answer.status !== 201)) {
    expect(answer.error).toMatchObject({ code: BOOKING_PROOF_REFUSED, details: 'proof_missing' });
  }
  // Refused before any limit counted: the site-wide window holds only the visitor's booking.
  const [logged] = await backend.database.query(
    'select count(*)::int as count from private.booking_requests',
  );
  expect(logged?.count).toBe(1);
}, 120_000);

test('a script that solves every proof pays for each row, and one /24 stores the per-network limit', async () => {
  const attempts = BOOKING_LIMITS.per_network.maxBookings + 5;
  const solveMs: number[] = [];
  const statuses: number[] = [];
  for (let index = 0; index < attempts; index++) {
    const challenge = await bookingChallenge(backend);
    const solving = performance.now();
    const proof = await solveBookingChallenge(challenge);
    solveMs.push(performance.now() - solving);
    const answer = await supabaseAs(backend, 'anon', {
      from: `127.1.9.${index + 1}`,
      proof: 'none',
      headers: { 'x-booking-proof': proof },
    })
      .from('bookings')
      .insert(validBooking({ email: `solver${index}@example.com` }));
    statuses.push(answer.status);
    if (answer.status !== 201) {
      expect(answer.error?.details).toBe(
        `limit per_network: ${BOOKING_LIMITS.per_network.maxBookings} bookings per 01:00:00`,
      );
    }
  }
  const sorted = [...solveMs].sort((a, b) => a - b);
  const mean = solveMs.reduce((sum, ms) => sum + ms, 0) / solveMs.length;
  console.log(
    `solving script: maxnumber ${DEFAULT_PROOF_MAX_NUMBER}, ${attempts} solves with altcha-lib (WebCrypto) in Node: ` +
      `mean ${mean.toFixed(0)} ms, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, ` +
      `max ${sorted.at(-1)?.toFixed(0)} ms per row; stored ${statuses.filter((status) => status === 201).length} of ${attempts} from one /24`,
  );
  expect(statuses.filter((status) => status === 201)).toHaveLength(BOOKING_LIMITS.per_network.maxBookings);
  expect(statuses.filter((status) => status === 429)).toHaveLength(5);
}, 180_000);

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
