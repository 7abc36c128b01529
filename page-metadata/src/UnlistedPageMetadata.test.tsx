import { render } from '@testing-library/react';
import { siteConfig } from 'site-config';
import { UnlistedPageMetadata } from './UnlistedPageMetadata';

const headAttribute = (selector: string, attribute = 'content') =>
  document.head.querySelector(selector)?.getAttribute(attribute);

test('a page only a private link leads to says noindex, and offers crawlers and previewers nothing else', () => {
  render(<UnlistedPageMetadata title="Cancel your call" description="Cancel it here." />);
  expect(document.title).toBe(`Cancel your call | ${siteConfig.organizationName}`);
  expect(headAttribute('meta[name="description"]')).toBe('Cancel it here.');
  expect(headAttribute('meta[name="robots"]')).toBe('noindex');
  expect(document.head.querySelector('link[rel="canonical"], link[rel="alternate"]')).toBeNull();
  expect(document.head.querySelector('meta[property^="og:"]')).toBeNull();
  expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
});
