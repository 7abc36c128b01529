import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { configureSite, LOCAL_SETTINGS } from 'site-config';
import PrivacyPage from './PrivacyPage';

function openPrivacyPage() {
  const router = createMemoryRouter([{ path: '/privacy', element: <PrivacyPage /> }], {
    initialEntries: ['/privacy'],
  });
  render(<RouterProvider router={router} />);
}

afterEach(() => configureSite(LOCAL_SETTINGS));

test("the section for visitors in Brazil names the person in charge of data from the site's settings", () => {
  configureSite({
    ...LOCAL_SETTINGS,
    site: { ...LOCAL_SETTINGS.site, privacyOfficer: { name: 'Ana Pérez', email: 'dpo@agencia.example' } },
  });
  openPrivacyPage();
  const brazil = screen.getByTestId('privacy-brazil');
  expect(within(brazil).getByRole('heading', { level: 2, name: /LGPD/ })).toBeTruthy();
  expect(brazil.textContent).toContain('is Ana Pérez, at dpo@agencia.example');
  expect(brazil.textContent).toContain('write to the person in charge of data at dpo@agencia.example');
  expect(screen.getAllByTestId('legal-section')).toHaveLength(4);
});
