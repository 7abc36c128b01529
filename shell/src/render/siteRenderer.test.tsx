/** @jest-environment node */
// What the server keeps of a rendered page: per path and language, unless the page says never; a
// redirect kept for nobody; one render for requests that miss at once.
import { use } from 'react';
import { useSearchParams } from 'shared-router';
import type { RemotePageModule } from '../remotes/remoteContracts';
import { renderDocument } from './renderDocument';
import type * as RenderDocumentModule from './renderDocument';
import { createSiteRenderer, type RenderOutcome } from './siteRenderer';
import type { LoadedPage } from './remotes/loadedVersion';

/** The pages the fake remotes serve, by id ("booking/CancelBookingPage"). */
const mockPages = new Map<string, RemotePageModule>();
/** Every page a render asked the remotes for. */
const mockPagesAsked: string[] = [];

// The remotes' live versions, without federation: each page is a module given by the test.
jest.mock('./serverRemotes', () => ({
  ...jest.requireActual<object>('./serverRemotes'),
  ServerRemotes: class {
    async loadPage(page: string): Promise<LoadedPage> {
      mockPagesAsked.push(page);
      const module = mockPages.get(page);
      if (!module) throw new Error(`${page} is not deployed`);
      return {
        module,
        stylesheets: [],
        scripts: [],
        localeScripts: { en: [], es: [], pt: [] },
        manifestUrl: 'http://remote.invalid/mf-manifest.json',
        version: 'v1',
        languages: ['en', 'es', 'pt'],
        strings: { en: {}, es: {}, pt: {} },
      };
    }
    liveVersionOf = () => 'v1';
    close = () => undefined;
  },
}));

// Every document render, counted: a render shared by many requests happens once.
jest.mock('./renderDocument', () => {
  const actual = jest.requireActual<typeof RenderDocumentModule>('./renderDocument');
  return { ...actual, renderDocument: jest.fn(actual.renderDocument) };
});
const renderDocumentCalls = () => jest.mocked(renderDocument).mock.calls.length;

function TokenPage() {
  const [search] = useSearchParams();
  return <p data-token={search.get('token') ?? ''}>{`token ${search.get('token') ?? 'none'}`}</p>;
}

function renderer(renderTimeoutMs?: number, environment?: Record<string, string>) {
  return createSiteRenderer({
    renderTimeoutMs,
    publicEnvironment: environment,
    readRegistry: async () => ({ remotes: {} }) as never,
    assets: {
      stylesheets: [],
      scripts: [],
      preloadFetches: [],
      localeScripts: {},
    },
    remoteBudgetMs: 1000,
    manifestTtlMs: 60_000,
    log: { info: () => undefined, error: () => undefined },
  });
}

const html = (outcome: RenderOutcome) => (outcome.kind === 'page' ? outcome.html : '');
const at = (address: string) => new URL(address, 'http://shell.invalid');

afterEach(() => {
  mockPages.clear();
  mockPagesAsked.length = 0;
});

/** The loader data a page's HTML carries to the browser's router. */
function hydrationLoaderData(outcome: RenderOutcome): unknown {
  const state = /id="shell-ssr-state"[^>]*>([^<]*)</.exec(html(outcome))?.[1];
  return state ? (JSON.parse(state) as { loaderData: unknown }).loaderData : undefined;
}

function ThrowingPage(): never {
  throw new Error('the page broke');
}

test("the browser hydrates from the server's loader data: a page's panel as sent, a page's module loaded again", async () => {
  mockPages.set('marketing/AboutPage', { default: () => <h1>About us</h1> });
  mockPages.set('marketing/TermsPage', { default: ThrowingPage });
  const site = renderer();
  const about = await site.render(at('/about'));
  expect(html(about)).toContain('About us');
  // A module is code: the browser's loader loads it, at the version the HTML names.
  expect(hydrationLoaderData(about)).toEqual({});
  const panel = { module: null, unavailable: 'server' };
  const notDeployed = await site.render(at('/contact'));
  expect(notDeployed).toMatchObject({ status: 503 });
  expect(hydrationLoaderData(notDeployed)).toEqual({ 'contact/ContactPage': panel });
  const throwing = await site.render(at('/terms'));
  expect(throwing).toMatchObject({ status: 503 });
  expect(hydrationLoaderData(throwing)).toEqual({ 'marketing/TermsPage': panel });
  site.close();
});

test('an unknown path is the 404 without loading any remote', async () => {
  const site = renderer();
  for (const address of ['/wp-admin/install.php', '/services/seo/extra', '/Contact']) {
    expect(await site.render(at(address))).toMatchObject({ kind: 'page', status: 404 });
  }
  expect(mockPagesAsked).toEqual([]);
  site.close();
});

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

test("a redirect never carries another request's query, and an unknown id takes no place in the cache", async () => {
  mockPages.set('marketing/ServiceDetailPage', {
    default: TokenPage,
    redirectFor: ({ serviceId }) => (serviceId === 'seo' ? null : '/services'),
  });
  const site = renderer();
  const location = async (address: string) => {
    const outcome = await site.render(at(address));
    return outcome.kind === 'redirect' ? outcome.location : `no redirect: ${outcome.status}`;
  };
  expect(await location('/services/zzz?utm=evil')).toBe('/services?utm=evil');
  expect(await location('/services/zzz')).toBe('/services');
  expect(await location('/services/zzz?lang=es')).toBe('/services?lang=es');
  expect(site.cachedPage('/services/zzz', '')).toBeUndefined();
  site.close();
});

test('requests that miss the cache at the same moment share one render of the 404', async () => {
  const site = renderer();
  const rendersBefore = renderDocumentCalls();
  // Each request's rate limit lets it through on a later tick, as the server's limiter does.
  const limited = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
  const outcomes = await Promise.all(
    Array.from({ length: 5 }, () => site.render(at('/no-such-page'), { beforeRender: limited })),
  );
  expect(outcomes.map((outcome) => outcome.kind === 'page' && outcome.status)).toEqual([
    404, 404, 404, 404, 404,
  ]);
  expect(renderDocumentCalls() - rendersBefore).toBe(1);
  site.close();
});

/** A page waiting on an answer that never comes (a backend that holds the connection open). */
const neverAnswered = new Promise<never>(() => undefined);
function HangingPage(): never {
  return use(neverAnswered);
}

test("a render that never finishes is cut at the render timeout and answers the page's fallback (503)", async () => {
  mockPages.set('booking/BookingPage', { default: HangingPage });
  const site = renderer(200);
  const started = Date.now();
  const outcome = await site.render(at('/booking'));
  expect(outcome).toMatchObject({ kind: 'page', status: 503 });
  expect(Date.now() - started).toBeLessThan(2_000);
  site.close();
});

test("the agency's name is the environment's SITE_NAME, read when the server starts, not when it was built", () => {
  expect(renderer(undefined, { SITE_NAME: 'Istmo Staging' }).siteName).toBe('Istmo Staging');
  expect(renderer(undefined, { SITE_NAME: 'Istmo Digital' }).siteName).toBe('Istmo Digital');
});
