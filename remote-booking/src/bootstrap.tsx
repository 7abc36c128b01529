import { Navigate } from 'shared-router';
import { renderIsolationHarness } from 'remote-harness';
import BookingPage from './pages/BookingPage';
import CancelBookingPage from './pages/CancelBookingPage';
import ChangeBookingPage from './pages/ChangeBookingPage';

// Served alone (this remote's own origin), the page runs in the isolation harness for QA.
renderIsolationHarness('remote-booking', [
  { path: '/', label: 'booking', element: <Navigate to="/booking" replace /> },
  { path: '/booking', label: 'booking', element: <BookingPage /> },
  { path: '/booking/cancel', label: 'cancelBooking', element: <CancelBookingPage /> },
  { path: '/booking/change', label: 'changeBooking', element: <ChangeBookingPage /> },
]);
