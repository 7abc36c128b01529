import type { SupabaseClient } from '@supabase/supabase-js';
import type { Language } from 'shared-i18n';
import {
  BOOKING_LANGUAGE_HEADER,
  BOOKING_LIMIT_REACHED,
  BOOKING_PROOF_HEADER,
  BOOKING_TIME_ZONE_HEADER,
  slotRefusalOf,
  type BookingInsert,
  type SlotRefusal,
} from 'supabase-schema';
import { bookingConfig } from '../config';
import { takeBookingProof } from './bookingProof';
import { visitorTimeZone } from './visitorTimeZone';

/** Who sends a booking, beside SPEC §7's row: the database writes the visitor's e-mails with it. */
export interface BookingSender {
  /** The page's language, which the confirmation and the reminder are written in. */
  language: Language;
}

/** Where a booking goes: the Supabase table in production, anything with the same answer in tests. */
export interface BookingStore {
  /** Resolves once the booking is stored; rejects with the reason otherwise. */
  insert(booking: BookingInsert, sender: BookingSender): Promise<void>;
}

export class BookingNotStoredError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** The database refused it under its abuse limits (HTTP 429): too many requests for now. */
  get limitReached(): boolean {
    return this.status === 429 || this.code === BOOKING_LIMIT_REACHED;
  }

  /** The database refused the slot: `taken` by someone else, or no longer bookable (too soon, a closure). */
  get slotRefusal(): SlotRefusal | null {
    return slotRefusalOf(this.code);
  }
}

/**
 * Postgres's unique_violation on the id: this booking is already stored. (A slot held by another
 * booking is PT409, never this, so "stored" is never said to a visitor who lost the slot.)
 */
const ALREADY_STORED = '23505';

export function supabaseBookingStore(
  client: SupabaseClient,
  proveBooking: () => Promise<string> = takeBookingProof,
  readTimeZone: () => string | null = visitorTimeZone,
): BookingStore {
  return {
    async insert(booking, { language }) {
      // Never ask for the row back: visitors (anon) may insert, not read. Each send, a retry
      // too, carries a proof of its own: the database takes each one once.
      const proof = await proveBooking();
      let request = client
        .from('bookings')
        .insert(booking)
        .setHeader(BOOKING_PROOF_HEADER, proof)
        .setHeader(BOOKING_LANGUAGE_HEADER, language);
      // Without one, the database writes the call's time in Panama's zone only.
      const timeZone = readTimeZone();
      if (timeZone) request = request.setHeader(BOOKING_TIME_ZONE_HEADER, timeZone);
      const { error, status } = await request;
      // The id is made once per filled form, so this is a retry of a booking whose answer was lost.
      if (!error || error.code === ALREADY_STORED) return;
      throw new BookingNotStoredError(status, error.code, error.message);
    },
  };
}

let configuredStore: Promise<BookingStore> | null = null;

/**
 * The Supabase project of the build configuration. supabase-js is fetched with the first booking
 * sent, not with the page: it is a third of the page's JavaScript and only a sender needs it.
 */
function loadConfiguredStore(): Promise<BookingStore> {
  configuredStore ??= import('@supabase/supabase-js').then(({ createClient }) =>
    supabaseBookingStore(
      createClient(bookingConfig.supabaseUrl, bookingConfig.supabaseAnonKey, {
        // Visitors never sign in: no session to keep, refresh or read from the shell's URL.
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      }),
    ),
  );
  // A failed download (the remote's host down for a moment) is tried again with the next send.
  configuredStore.catch(() => {
    configuredStore = null;
  });
  return configuredStore;
}

/** The store the page uses. */
export const configuredBookingStore: BookingStore = {
  async insert(booking, sender) {
    const store = await loadConfiguredStore();
    await store.insert(booking, sender);
  },
};
