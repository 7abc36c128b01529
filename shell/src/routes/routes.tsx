import type { RouteObject } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import { RemotePage } from '../remotes/RemotePage';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';

/** SPEC §2 route table: each path is owned by one remote's page, any other path is the 404. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <RemotePage page="marketing/HomePage" /> },
      { path: 'services', element: <RemotePage page="marketing/ServicesPage" /> },
      { path: 'services/:serviceId', element: <RemotePage page="marketing/ServiceDetailPage" /> },
      { path: 'about', element: <RemotePage page="marketing/AboutPage" /> },
      { path: 'privacy', element: <RemotePage page="marketing/PrivacyPage" /> },
      { path: 'terms', element: <RemotePage page="marketing/TermsPage" /> },
      { path: 'booking', element: <RemotePage page="booking/BookingPage" /> },
      { path: 'contact', element: <RemotePage page="contact/ContactPage" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
