import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setLanguage } from 'shared-i18n';
import { siteConfig } from 'site-config';
import AboutPage from '../pages/AboutPage';
import HomePage from '../pages/HomePage';
import ServiceDetailPage from '../pages/ServiceDetailPage';
import ServicesPage from '../pages/ServicesPage';

type Node = Record<string, unknown> & { '@type': string };

function openPage(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomePage /> },
      { path: '/services', element: <ServicesPage /> },
      { path: '/services/:serviceId', element: <ServiceDetailPage /> },
      { path: '/about', element: <AboutPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

function structuredData(): Node[] {
  const script = document.querySelector('script[type="application/ld+json"]');
  return (JSON.parse(script?.textContent ?? '{}') as { '@graph': Node[] })['@graph'];
}

function nodeOfType(type: string): Node | undefined {
  return structuredData().find((node) => node['@type'] === type);
}

function description(): string | null | undefined {
  return document.head.querySelector('meta[name="description"]')?.getAttribute('content');
}

afterEach(() => act(() => setLanguage('en')));

test('the home page describes the organization, with its contact point from site-config', () => {
  openPage('/');
  const organization = nodeOfType('ProfessionalService');
  expect(organization).toMatchObject({ name: siteConfig.organizationName, url: `${siteConfig.url}/` });
  expect(organization?.contactPoint).toMatchObject({ telephone: siteConfig.phone, email: siteConfig.email });
  expect(nodeOfType('WebPage')?.publisher).toEqual({ '@id': organization?.['@id'] });
});

test('a service page describes a Service provided by the organization, under Home › Services', () => {
  openPage('/services/ai-agents');
  const organizationId = nodeOfType('ProfessionalService')?.['@id'];
  expect(nodeOfType('Service')).toMatchObject({ name: 'AI Agents', provider: { '@id': organizationId } });
  expect(nodeOfType('WebPage')?.publisher).toEqual({ '@id': organizationId });
  const trail = nodeOfType('BreadcrumbList')?.itemListElement as Array<{ name: string }>;
  expect(trail.map((step) => step.name)).toEqual(['Home', 'Services', 'AI Agents']);
});

test('the services page lists the six services it presents and its six questions as an FAQPage', () => {
  openPage('/services');
  const list = nodeOfType('ItemList');
  expect(list?.itemListElement).toHaveLength(6);
  expect(nodeOfType('CollectionPage')?.mainEntity).toEqual({ '@id': list?.['@id'] });
  const questions = nodeOfType('FAQPage')?.mainEntity as Array<{
    name: string;
    acceptedAnswer: { text: string };
  }>;
  expect(questions).toHaveLength(6);
  const shown = [...document.querySelectorAll('[data-testid="services-faq"] button')].map(
    (b) => b.textContent,
  );
  expect(questions.map((question) => question.name)).toEqual(shown);
});

test('the about page is an AboutPage published by the organization', () => {
  openPage('/about');
  expect(nodeOfType('AboutPage')?.publisher).toEqual({ '@id': nodeOfType('ProfessionalService')?.['@id'] });
});

test('the title and description follow the language', async () => {
  openPage('/about');
  expect(document.title).toBe(`About Us | ${siteConfig.organizationName}`);
  expect(description()).toMatch(/^Meet the Panama-based team/);
  await act(() => setLanguage('es'));
  expect(document.title).toBe(`Sobre Nosotros | ${siteConfig.organizationName}`);
  expect(description()).toMatch(/^Conoce al equipo/);
  expect(nodeOfType('AboutPage')?.inLanguage).toBe('es');
});
