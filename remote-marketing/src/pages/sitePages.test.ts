import { SERVICE_IDS } from '../content/serviceIds';
import { sitePages } from './sitePages';

test('the sitemap lists every service page, so a new service id is listed with no other change', () => {
  const paths = sitePages.map(({ path }) => path);
  for (const id of SERVICE_IDS) expect(paths).toContain(`/services/${id}`);
});

test('the sitemap lists each page of this remote once: home, services, about, privacy and terms', () => {
  const paths = sitePages.map(({ path }) => path);
  expect(paths).toEqual(expect.arrayContaining(['/', '/services', '/about', '/privacy', '/terms']));
  expect(new Set(paths).size).toBe(paths.length);
  expect(paths).toHaveLength(5 + SERVICE_IDS.length);
});
