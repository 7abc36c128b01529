/**
 * What the form sends a booking to (the store's contract), and the page's store, which loads the
 * Supabase implementation (supabaseBookingStore.ts) with the first send.
 */
import type { Language } from 'shared-i18n';
import type { AddressCodeRequested, BookingInsert } from 'supabase-schema';
import { bookingConfig } from '../config';

/** Who sends a booking, beside SPEC §7's row: the database writes the visitor's e-mails with it. */
export interface BookingSender {
  /** The page's language, which the code, the confirmation and the reminder are written in. */
  language: Language;
}

/** A sender whose address answered: the one-time pass the insert carries. */
export interface ProvenSender extends BookingSender {
  pass: string;
}

/**
 * Where a booking goes: the Supabase project in production, anything with the same answers in
 * tests. A slot is held only by an address that answered: the form asks for a code (or, with the
 * step turned off, gets a pass at once), trades the code for a pass, and inserts with the pass.
 * Each method rejects with a BookingNotStoredError (bookingRefusal.ts) for a refusal of the database.
 */
export interface BookingStore {
  /** request_booking_code: mails a code to the address, or answers a pass at once. */
  requestCode(email: string, sender: BookingSender): Promise<AddressCodeRequested>;
  /** verify_booking_code: the pass for the code the visitor typed. */
  verifyCode(email: string, code: string): Promise<string>;
  /** Resolves once the booking is stored (a retry of a stored one too). */
  insert(booking: BookingInsert, sender: ProvenSender): Promise<void>;
}

let configuredStore: Promise<BookingStore> | null = null;

/**
 * The Supabase project of the environment's settings. supabase-js and the store's code are fetched
 * with the first send, not with the page: they are a third of its JavaScript and only a sender
 * needs them.
 */
function loadConfiguredStore(): Promise<BookingStore> {
  configuredStore ??= Promise.all([import('@supabase/supabase-js'), import('./supabaseBookingStore')]).then(
    ([{ createClient }, { supabaseBookingStore }]) =>
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
  async requestCode(email, sender) {
    return (await loadConfiguredStore()).requestCode(email, sender);
  },
  async verifyCode(email, code) {
    return (await loadConfiguredStore()).verifyCode(email, code);
  },
  async insert(booking, sender) {
    await (await loadConfiguredStore()).insert(booking, sender);
  },
};
