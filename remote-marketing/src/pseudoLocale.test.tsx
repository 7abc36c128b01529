import { cleanup, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { LOCAL_SETTINGS } from 'site-config';
import { findUnmarkedText, showPseudoLocale } from 'shared-i18n/translation-checks';
import { NAMESPACE } from './i18n';
import en from './locales/en.json';
import { SERVICE_IDS, serviceRoute } from './content/serviceIds';
import AboutPage from './pages/AboutPage';
import HomePage from './pages/HomePage';
import PrivacyPage from './pages/PrivacyPage';
import ServiceDetailPage from './pages/ServiceDetailPage';
import ServicesPage from './pages/ServicesPage';
import TermsPage from './pages/TermsPage';

/** What the pages show that is not copy: the agency's settings. */
const NOT_COPY = [LOCAL_SETTINGS.site.organizationName, LOCAL_SETTINGS.site.privacyOfficer.name];

/** Every page this remote exposes, at each of its paths. */
const PAGES: [string, string, ComponentType][] = [
  ['/', '/', HomePage],
  ['/services', '/services', ServicesPage],
  ...SERVICE_IDS.map((id): [string, string, ComponentType] => [
    serviceRoute(id),
    '/services/:serviceId',
    ServiceDetailPage,
  ]),
  ['/about', '/about', AboutPage],
  ['/privacy', '/privacy', PrivacyPage],
  ['/terms', '/terms', TermsPage],
];

beforeAll(() => showPseudoLocale({ [NAMESPACE]: en }));

test.each(PAGES)('%s shows no text that is not in the translation files', (path, route, Page) => {
  const router = createMemoryRouter([{ path: route, element: <Page /> }], { initialEntries: [path] });
  const { container } = render(<RouterProvider router={router} />);
  expect(container.textContent).toContain('⟦');
  expect(findUnmarkedText(container, NOT_COPY)).toEqual([]);
  expect(findUnmarkedText(document.head, NOT_COPY)).toEqual([]);
  cleanup();
});
