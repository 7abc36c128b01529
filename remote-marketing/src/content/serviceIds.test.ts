import { resolveServiceId, SERVICE_IDS } from './serviceIds';

test.each(SERVICE_IDS)('the known id %s is shown as it is', (id) => {
  expect(resolveServiceId(id)).toEqual({ kind: 'known', id });
});

test('the ids of docs/product.md §2 and the ids the site links to are all known', () => {
  for (const id of ['ai-agents', 'ai-customer-support', 'workflow-automation', 'predictive-analytics']) {
    expect(resolveServiceId(id).kind).toBe('known');
  }
  for (const id of ['ai-content-generation', 'web-development', 'seo', 'ppc', 'social-media']) {
    expect(resolveServiceId(id).kind).toBe('known');
  }
  expect(resolveServiceId('content-marketing').kind).toBe('known');
  expect(resolveServiceId('analytics').kind).toBe('known');
});

test('"content", as the footer links it, stands for content-marketing', () => {
  expect(resolveServiceId('content')).toEqual({ kind: 'alias', id: 'content-marketing' });
});

test.each(['quantum-marketing', '', 'SEO', 'constructor', 'toString', undefined])(
  'any other id (%p) is unknown',
  (id) => {
    expect(resolveServiceId(id)).toEqual({ kind: 'unknown' });
  },
);
