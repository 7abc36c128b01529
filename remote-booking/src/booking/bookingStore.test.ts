import type { SupabaseClient } from '@supabase/supabase-js';
import { BOOKING_PROOF_HEADER, type BookingInsert } from 'supabase-schema';
import { supabaseBookingStore } from './bookingStore';

/** A client that records each insert's proof header and answers as the database would. */
function recordingClient(
  answers: Array<{ error: { code: string; message: string } | null; status: number }>,
) {
  const proofs: string[] = [];
  const client = {
    from: () => ({
      insert: () => ({
        setHeader: (name: string, value: string) => {
          if (name === BOOKING_PROOF_HEADER) proofs.push(value);
          return Promise.resolve(answers.shift() ?? { error: null, status: 201 });
        },
      }),
    }),
  } as unknown as SupabaseClient;
  return { client, proofs };
}

const booking = { id: '6f1c3f7e-0000-4000-8000-000000000001' } as BookingInsert;

test('each send, a retry of the same booking too, carries a proof of its own', async () => {
  const { client, proofs } = recordingClient([
    { error: { code: 'PGRST000', message: 'answer lost' }, status: 503 },
    { error: { code: '23505', message: 'already stored' }, status: 409 },
  ]);
  let issued = 0;
  const store = supabaseBookingStore(client, async () => `proof-${++issued}`);
  await expect(store.insert(booking)).rejects.toMatchObject({ status: 503 });
  await expect(store.insert(booking)).resolves.toBeUndefined();
  expect(proofs).toEqual(['proof-1', 'proof-2']);
});

test('a booking whose proof could not be made is not sent and fails like any other', async () => {
  const { client, proofs } = recordingClient([]);
  const store = supabaseBookingStore(client, () => Promise.reject(new Error('offline')));
  await expect(store.insert(booking)).rejects.toThrow('offline');
  expect(proofs).toEqual([]);
});
