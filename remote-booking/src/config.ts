import { publicSettings, type BookingBackendSettings } from 'site-config';

/**
 * Where bookings are stored: the environment's Supabase project (its URL and public anon key),
 * read when used from the settings the shell was given at run time (site-config), so the same
 * build books into staging's project or production's. Run alone, the local backend of `npm start`.
 */
export const bookingConfig: BookingBackendSettings = {
  get supabaseUrl() {
    return publicSettings().booking.supabaseUrl;
  },
  get supabaseAnonKey() {
    return publicSettings().booking.supabaseAnonKey;
  },
};
