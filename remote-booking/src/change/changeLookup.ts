// How the change page looks its link up (see linkLookup): booking_for_change's answer, embedded for
// hydration as #booking-change.
import type { ChangeView } from 'supabase-schema';
import { linkLookup } from '../bookingLink/linkLookup';
import { fetchChange } from './changeApi';

export const changeLookup = linkLookup<ChangeView>({
  name: 'the change link',
  embeddedId: 'booking-change',
  fetchView: fetchChange,
});
