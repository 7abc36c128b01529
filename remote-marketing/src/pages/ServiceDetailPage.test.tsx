import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import ServiceDetailPage from './ServiceDetailPage';

function openServicePage(serviceId: string) {
  const router = createMemoryRouter(
    [
      { path: '/services', element: <p>all services</p> },
      { path: '/services/:serviceId', element: <ServiceDetailPage /> },
    ],
    { initialEntries: ['/', `/services/${serviceId}`], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

test('a known service id shows that service', () => {
  openServicePage('ai-agents');
  expect(screen.getByRole('heading', { level: 1, name: 'AI Agents' })).toBeTruthy();
});

test('an unknown service id redirects to /services, replacing the history entry', async () => {
  const router = openServicePage('quantum-marketing');
  await waitFor(() => expect(router.state.location.pathname).toBe('/services'));
  expect(screen.getByText('all services')).toBeTruthy();
  expect(router.state.historyAction).toBe('REPLACE');
});
