// How the cancel page looks its link up (see linkLookup): booking_for_cancellation's answer, embedded
// for hydration as #booking-cancellation.
import type { CancellationView } from 'supabase-schema';
import { linkLookup } from '../bookingLink/linkLookup';
import { fetchCancellation } from './cancellationApi';

export const cancellationLookup = linkLookup<CancellationView>({
  name: 'the cancel link',
  embeddedId: 'booking-cancellation',
  fetchView: fetchCancellation,
});
