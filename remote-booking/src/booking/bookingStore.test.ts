import type { SupabaseClient } from '@supabase/supabase-js';
import {
  BOOKING_LANGUAGE_HEADER,
  BOOKING_PROOF_HEADER,
  BOOKING_TIME_ZONE_HEADER,
  type BookingInsert,
} from 'supabase-schema';
import { supabaseBookingStore } from './bookingStore';
import { isTimeZone } from './visitorTimeZone';

type Answer = { error: { code: string; message: string } | null; status: number };

/** A client that records each insert's headers and answers as the database would. */
function recordingClient(answers: Answer[]) {
  const sent: Array<Record<string, string>> = [];
  const client = {
    from: () => ({
      insert: () => {
        const headers: Record<string, string> = {};
        sent.push(headers);
        // supabase-js's builder: headers are chained, and awaiting it sends the request.
        const request = {
          setHeader: (name: string, value: string) => {
            headers[name] = value;
            return request;
          },
          then: (resolve: (answer: Answer) => void) =>
            resolve(answers.shift() ?? { error: null, status: 201 }),
        };
        return request;
      },
    }),
  } as unknown as SupabaseClient;
  return { client, sent };
}

const booking = { id: '6f1c3f7e-0000-4000-8000-000000000001' } as BookingInsert;

test('each send, a retry of the same booking too, carries a proof of its own', async () => {
  const { client, sent } = recordingClient([
    { error: { code: 'PGRST000', message: 'answer lost' }, status: 503 },
    { error: { code: '23505', message: 'already stored' }, status: 409 },
  ]);
  let issued = 0;
  const store = supabaseBookingStore(client, async () => `proof-${++issued}`);
  await expect(store.insert(booking, { language: 'en' })).rejects.toMatchObject({ status: 503 });
  await expect(store.insert(booking, { language: 'en' })).resolves.toBeUndefined();
  expect(sent.map((headers) => headers[BOOKING_PROOF_HEADER])).toEqual(['proof-1', 'proof-2']);
});

test('a booking whose proof could not be made is not sent and fails like any other', async () => {
  const { client, sent } = recordingClient([]);
  const store = supabaseBookingStore(client, () => Promise.reject(new Error('offline')));
  await expect(store.insert(booking, { language: 'en' })).rejects.toThrow('offline');
  expect(sent).toEqual([]);
});

test("the insert tells the database the page's language and the visitor's time zone, for the e-mails", async () => {
  const { client, sent } = recordingClient([]);
  const store = supabaseBookingStore(
    client,
    async () => 'proof',
    () => 'America/Bogota',
  );
  await store.insert(booking, { language: 'es' });
  expect(sent[0]).toEqual({
    [BOOKING_PROOF_HEADER]: 'proof',
    [BOOKING_LANGUAGE_HEADER]: 'es',
    [BOOKING_TIME_ZONE_HEADER]: 'America/Bogota',
  });
});

test('a browser that names no usable time zone sends none, and the database assumes Panama', async () => {
  const { client, sent } = recordingClient([]);
  const store = supabaseBookingStore(
    client,
    async () => 'proof',
    () => null,
  );
  await store.insert(booking, { language: 'en' });
  expect(sent[0]).not.toHaveProperty(BOOKING_TIME_ZONE_HEADER);
  expect(sent[0]?.[BOOKING_LANGUAGE_HEADER]).toBe('en');
});

test('only a zone Intl knows, written as a header can carry it, counts as a time zone', () => {
  expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
  expect(isTimeZone('UTC')).toBe(true);
  for (const zone of ['', ' ', 'Mars/Olympus_Mons', 'America/Bogotá', 'UTC\r\nX-Evil: 1', undefined]) {
    expect(isTimeZone(zone)).toBe(false);
  }
});
