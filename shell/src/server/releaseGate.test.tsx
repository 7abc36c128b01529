/** @jest-environment node */
// The release gate through the real renderer, with the federation runtime faked: each manifest URL
// the registry names is a version whose modules the test writes.
import type { ComponentType } from 'react';
import { registerTranslations, translationsReady } from 'shared-i18n';
import { PageMetadata } from 'page-metadata';
import type { RemotePageModule } from '../remotes/remoteContracts';
import { createSiteRenderer, type RenderOutcome } from './siteRenderer';

interface FakeVersion {
  /** What evaluating the version's container does (its bundled modules registering strings). */
  evaluate?: () => Promise<void>;
  ContactPage: RemotePageModule;
}

const mockVersions = new Map<string, FakeVersion>();
const mockEntries = new Map<string, string>();
const mockEvaluated = new Set<string>();

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerGlobalPlugins: () => undefined,
  registerPlugins: () => undefined,
  registerRemotes: ([{ name, entry }]: { name: string; entry: string }[]) => mockEntries.set(name, entry),
  loadRemote: async (id: string) => {
    const [name, expose] = id.split('/');
    const entry = mockEntries.get(name) ?? '';
    const version = mockVersions.get(entry);
    if (!version) throw new Error(`no container at ${entry}`);
    if (!mockEvaluated.has(entry)) {
      mockEvaluated.add(entry);
      await version.evaluate?.();
    }
    return expose === 'sitePages' ? { sitePages: [{ path: '/contact' }] } : version.ContactPage;
  },
}));

let registry: Record<string, string> = {};

/** Each manifest answers as a release host does, with its own ETag. */
beforeAll(() => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (!mockVersions.has(url)) return new Response('Not found', { status: 404 });
    const manifest = {
      metaData: { globalName: 'contact', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
      exposes: [
        { name: 'ContactPage', assets: { css: { sync: [], async: [] }, js: { sync: [], async: [] } } },
      ],
    };
    return new Response(JSON.stringify(manifest), { headers: { etag: `"${url}"` } });
  });
});

/** A version of contact whose page is `Page`, its own strings registered as its container runs. */
function release(folder: string, Page: ComponentType, evaluate?: () => Promise<void>): string {
  const manifestUrl = `http://contact.invalid/releases/${folder}/mf-manifest.json`;
  mockVersions.set(manifestUrl, {
    evaluate: async () => {
      registerTranslations('contact', async () => ({ title: folder }));
      await evaluate?.();
    },
    // Never kept, so every render of it below is a fresh one.
    ContactPage: { default: Page, renderedHtmlMaxAgeMs: 0 },
  });
  registry = { ...registry, contact: manifestUrl };
  return manifestUrl;
}

function renderer() {
  return createSiteRenderer({
    readRegistry: async () => ({ remotes: registry }) as never,
    assets: { stylesheets: [], scripts: [], preloadFetches: [], preloadScripts: [], localeScripts: {} },
    remoteBudgetMs: 5000,
    manifestTtlMs: 50,
    log: { info: () => undefined, error: () => undefined },
  });
}

const at = (address: string) => new URL(address, 'http://shell.invalid');
const html = (outcome: RenderOutcome) => (outcome.kind === 'page' ? outcome.html : '');

function ContactPage() {
  return (
    <>
      <PageMetadata
        title="Contact"
        description="Write to us."
        path="/contact"
        image={{
          en: { url: '/share/contact.png', alt: 'Contact' },
          es: { url: '/share/contact.png', alt: 'Contacto' },
        }}
      />
      <h1>Contact us</h1>
    </>
  );
}

function ThrowingPage(): never {
  throw new Error('a broken release: the contact page throws');
}

test('a first release whose page throws never goes live: its pages answer the fallback, and the status says why', async () => {
  const manifestUrl = release('first-broken', ThrowingPage);
  const site = renderer();
  try {
    expect(await site.render(at('/contact'))).toMatchObject({ kind: 'page', status: 503 });
    const status = site.remotesStatus().contact;
    expect(status.rendering).toBeNull();
    expect(status.lastFailure?.version).toBe(`${manifestUrl} "${manifestUrl}"`);
    expect(status.lastFailure?.reason).toMatch(/^\/contact answered 503 with /);
    expect(site.liveManifests()).toEqual({});
  } finally {
    site.close();
  }
});

test('a first release whose pages render goes live', async () => {
  const manifestUrl = release('first-good', ContactPage);
  const site = renderer();
  try {
    const outcome = await site.render(at('/contact'));
    expect(outcome).toMatchObject({ kind: 'page', status: 200 });
    expect(html(outcome)).toContain('Contact us');
    expect(site.remotesStatus().contact.rendering).toBe(`${manifestUrl} "${manifestUrl}"`);
    expect(site.liveManifests()).toEqual({ contact: manifestUrl });
  } finally {
    site.close();
  }
});
