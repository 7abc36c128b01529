/** A booked call as the link functions answer it, for the cancel and change pages' tests: Tuesday 5 January 2027 at 2:00 PM in Panama (19:00 UTC), booked in English. */
import type { ChangeCall } from 'supabase-schema';

export const SAMPLE_CALL: ChangeCall = {
  preferred_date: '2027-01-05',
  preferred_time: '2:00 PM',
  starts_at: '2027-01-05T19:00:00Z',
  language: 'en',
  time_zone: 'America/Panama',
};
