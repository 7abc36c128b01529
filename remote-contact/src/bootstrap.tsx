import { Navigate } from 'shared-router';
import { renderIsolationHarness } from 'remote-harness';
import ContactPage from './pages/ContactPage';

// Served alone (this remote's own origin), the page runs in the isolation harness for QA.
renderIsolationHarness('remote-contact', [
  { path: '/', label: 'contact', element: <Navigate to="/contact" replace /> },
  { path: '/contact', label: 'contact', element: <ContactPage /> },
]);
