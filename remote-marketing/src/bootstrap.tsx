import { renderIsolationHarness } from 'remote-harness';
import HomePage from './pages/HomePage';
import ServicesPage from './pages/ServicesPage';
import ServiceDetailPage from './pages/ServiceDetailPage';
import AboutPage from './pages/AboutPage';
import PrivacyPage from './pages/PrivacyPage';
import TermsPage from './pages/TermsPage';

// Served alone (this remote's own origin), the pages run in the isolation harness for QA.
renderIsolationHarness('remote-marketing', [
  { path: '/', label: 'home', element: <HomePage /> },
  { path: '/services', label: 'services', element: <ServicesPage /> },
  { path: '/services/:serviceId', label: 'services', element: <ServiceDetailPage /> },
  { path: '/about', label: 'about', element: <AboutPage /> },
  { path: '/privacy', label: 'privacy', element: <PrivacyPage /> },
  { path: '/terms', label: 'terms', element: <TermsPage /> },
]);
