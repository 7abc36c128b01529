/**
 * The page's booking store: the Supabase project of the environment's settings, whose code and
 * supabase-js are fetched with the first send, not with the page.
 */
import { bookingConfig } from '../config';
import type { BookingStore } from './bookingStore';

let configuredStore: Promise<BookingStore> | null = null;

/** supabase-js and the store's code are a third of the page's JavaScript, and only a sender needs them. */
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
  async requestCode(email, requester) {
    return (await loadConfiguredStore()).requestCode(email, requester);
  },
  async verifyCode(email, code, attempt) {
    return (await loadConfiguredStore()).verifyCode(email, code, attempt);
  },
  async redeemLink(email, link) {
    return (await loadConfiguredStore()).redeemLink(email, link);
  },
  async insert(booking, sender) {
    await (await loadConfiguredStore()).insert(booking, sender);
  },
};
