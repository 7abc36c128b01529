// Reads the free slots from the database's one public function, public.available_slots(), over
// PostgREST's RPC endpoint with a plain GET: the page needs no supabase-js for it (that is loaded
// only to send a booking).
import type { DayAvailability } from 'supabase-schema';
import { bookingConfig } from '../config';

export const AVAILABILITY_PATH = '/rest/v1/rpc/available_slots';

/** Panama's days from today to the booking horizon, each with its free times or why it has none. */
export async function fetchAvailability(signal?: AbortSignal): Promise<DayAvailability[]> {
  const response = await fetch(`${bookingConfig.supabaseUrl}${AVAILABILITY_PATH}`, {
    headers: { apikey: bookingConfig.supabaseAnonKey, accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`available_slots answered ${response.status}`);
  return (await response.json()) as DayAvailability[];
}
