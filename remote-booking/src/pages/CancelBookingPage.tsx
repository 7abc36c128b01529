// The page a booking's cancel link leads to (/booking/cancel?token=…), exposed as ./CancelBookingPage.
import { BookingLinkPage } from '../bookingLink/BookingLinkPage';
import { CancelBooking } from '../cancel/CancelBooking';

/**
 * The page's HTML depends on the token in its address (/booking/cancel?token=…), so the shell's
 * server renders it for every request and no cache keeps it (the contract: 0 is "never kept").
 */
export const renderedHtmlMaxAgeMs = 0;

/** The call the link is for, and the button that cancels it. */
export default function CancelBookingPage() {
  return <BookingLinkPage page="cancel" Card={CancelBooking} />;
}
