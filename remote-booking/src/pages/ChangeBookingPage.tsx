// The page a booking's change link leads to (/booking/change?token=…), exposed as ./ChangeBookingPage.
import { BookingLinkPage } from '../bookingLink/BookingLinkPage';
import { ChangeBooking } from '../change/ChangeBooking';

/** Its HTML depends on the token in its address: rendered for every request, kept by no cache. */
export const renderedHtmlMaxAgeMs = 0;

/** The call the link is for, and the new time it can move to. */
export default function ChangeBookingPage() {
  return <BookingLinkPage page="change" Card={ChangeBooking} />;
}
