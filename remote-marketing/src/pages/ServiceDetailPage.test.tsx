import { render, screen, waitFor, within } from '@testing-library/react';
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

test('a service page shows its overview, five benefits and four numbered steps', () => {
  openServicePage('seo');
  expect(screen.getByRole('heading', { level: 1, name: 'Search Engine Optimization (SEO)' })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2, name: /Be Found by the Customers/ })).toBeTruthy();
  expect(screen.getAllByTestId('service-benefit')).toHaveLength(5);
  const [firstStep, ...otherSteps] = screen.getAllByTestId('process-step');
  expect(otherSteps).toHaveLength(3);
  expect(firstStep?.closest('ol')).toBeTruthy();
  expect(within(firstStep as HTMLElement).getByRole('heading', { name: 'SEO Audit' })).toBeTruthy();
});

test('its hero image loads first and says what it shows', () => {
  openServicePage('ppc');
  const image = screen.getByRole('img', { name: /online ad next to a target/ });
  expect(image.getAttribute('fetchpriority')).toBe('high');
  expect(image.getAttribute('width')).toBe('480');
  expect(image.getAttribute('height')).toBe('360');
});

test('/services/content moves to /services/content-marketing, replacing the history entry', async () => {
  const router = openServicePage('content');
  await waitFor(() => expect(router.state.location.pathname).toBe('/services/content-marketing'));
  expect(router.state.historyAction).toBe('REPLACE');
  expect(screen.getByRole('heading', { level: 1, name: 'Content Marketing' })).toBeTruthy();
});

test('an unknown service id redirects to /services, replacing the history entry', async () => {
  const router = openServicePage('quantum-marketing');
  await waitFor(() => expect(router.state.location.pathname).toBe('/services'));
  expect(screen.getByText('all services')).toBeTruthy();
  expect(router.state.historyAction).toBe('REPLACE');
});
