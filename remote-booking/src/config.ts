/** Build-time variables: the build replaces each process.env.NAME with its value (or null). */
declare const process: { env: Record<string, string | null | undefined> };

/**
 * Where bookings are stored: the Supabase project's URL and its public anon key, set at build
 * time (SUPABASE_URL, SUPABASE_ANON_KEY). The defaults are the local backend of `npm start`.
 */
export const bookingConfig = {
  supabaseUrl: process.env.SUPABASE_URL || 'http://localhost:54321',
  supabaseAnonKey: process.env.SUPABASE_ANON_KEY || 'sb_publishable_local_only_anon_key_7f3a9c2e',
};
