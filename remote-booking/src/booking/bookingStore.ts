import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { BookingInsert } from 'supabase-schema';
import { bookingConfig } from '../config';

/** Where a booking goes: the Supabase table in production, anything with the same answer in tests. */
export interface BookingStore {
  /** Resolves once the booking is stored; rejects with the reason otherwise. */
  insert(booking: BookingInsert): Promise<void>;
}

export class BookingNotStoredError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Postgres's unique_violation: a row with this id is already stored. */
const ALREADY_STORED = '23505';

export function supabaseBookingStore(client: SupabaseClient): BookingStore {
  return {
    async insert(booking) {
      // Never ask for the row back: visitors (anon) may insert, not read.
      const { error, status } = await client.from('bookings').insert(booking);
      // The id is made once per filled form, so this is a retry of a booking whose answer was lost.
      if (!error || error.code === ALREADY_STORED) return;
      throw new BookingNotStoredError(status, error.code, error.message);
    },
  };
}

let defaultStore: BookingStore | null = null;

/** The store the page uses: the Supabase project of the build configuration. */
export function configuredBookingStore(): BookingStore {
  defaultStore ??= supabaseBookingStore(
    createClient(bookingConfig.supabaseUrl, bookingConfig.supabaseAnonKey, {
      // Visitors never sign in: no session to keep, refresh or read from the shell's URL.
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }),
  );
  return defaultStore;
}
