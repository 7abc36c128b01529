/** @jest-environment node */
// What the server keeps of a rendered page: per path and language, unless the page says never.
import { useSearchParams } from 'shared-router';
import type { RemotePageModule } from '../remotes/remoteContracts';
import { createSiteRenderer, type RenderOutcome } from './siteRenderer';
import type { LoadedPage } from './serverRemotes';

/** The pages the fake remotes serve, by id ("booking/CancelBookingPage"). */
const mockPages = new Map<string, RemotePageModule>();

// The remotes' live versions, without federation: each page is a module given by the test.
jest.mock('./serverRemotes', () => ({
  ...jest.requireActual<object>('./serverRemotes'),
  ServerRemotes: class {
    async loadPage(page: string): Promise<LoadedPage> {
      const module = mockPages.get(page);
      if (!module) throw new Error(`${page} is not deployed`);
      return {
        module,
        stylesheets: [],
        scripts: [],
        localeScripts: { en: [], es: [] },
        manifestUrl: 'http://remote.invalid/mf-manifest.json',
        version: 'v1',
        strings: { en: {}, es: {} },
      };
    }
    liveVersionOf = () => 'v1';
    close = () => undefined;
  },
}));

function TokenPage() {
  const [search] = useSearchParams();
  return <p data-token={search.get('token') ?? ''}>{`token ${search.get('token') ?? 'none'}`}</p>;
}

function renderer() {
  return createSiteRenderer({
    readRegistry: async () => ({ remotes: {} }) as never,
    assets: {
      stylesheets: [],
      scripts: [],
      preloadFetches: [],
      preloadScripts: [],
      localeScripts: {},
    },
    remoteBudgetMs: 1000,
    manifestTtlMs: 60_000,
    log: { info: () => undefined, error: () => undefined },
  });
}

const html = (outcome: RenderOutcome) => (outcome.kind === 'page' ? outcome.html : '');
const at = (address: string) => new URL(address, 'http://shell.invalid');

afterEach(() => mockPages.clear());

test('a page that is never kept (renderedHtmlMaxAgeMs 0) is rendered for each token, and no cache may keep it', async () => {
  mockPages.set('booking/CancelBookingPage', { default: TokenPage, renderedHtmlMaxAgeMs: 0 });
  const site = renderer();
  const first = await site.render(at('/booking/cancel?token=first-token'));
  const second = await site.render(at('/booking/cancel?token=second-token'));
  expect(html(first)).toContain('token first-token');
  expect(html(second)).toContain('token second-token');
  expect(html(second)).not.toContain('first-token');
  expect(first).toMatchObject({ status: 200, noStore: true });
  expect(site.cachedPage('/booking/cancel', '?token=second-token')).toBeUndefined();
  site.close();
});

test('a page without a maximum age is kept for its path and language: the query does not change it', async () => {
  mockPages.set('booking/BookingPage', { default: TokenPage });
  const site = renderer();
  const first = await site.render(at('/booking?token=first-token'));
  expect(first).not.toHaveProperty('noStore');
  expect(site.cachedPage('/booking', '?token=second-token')).toBe(first);
  expect(await site.render(at('/booking?token=second-token'))).toBe(first);
  site.close();
});
