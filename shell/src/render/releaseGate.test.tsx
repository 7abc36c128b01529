/** @jest-environment node */
// The release gate through the real renderer, with the federation runtime faked: each manifest URL
// the registry names is a version whose modules the test writes.
import type { ComponentType } from 'react';
import { registerTranslations, translationsReady } from 'shared-i18n';
import { PageMetadata } from 'page-metadata';
import type { RemotePageModule } from '../remotes/remoteContracts';
import { createSiteRenderer, type RenderOutcome } from './siteRenderer';
import liveEnglish from '../../../page-metadata/src/locales/en.json';
import liveSpanish from '../../../page-metadata/src/locales/es.json';

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
  registerRemotes: (remotes: { name: string; entry: string }[]) =>
    remotes.forEach(({ name, entry }) => mockEntries.set(name, entry)),
  loadRemote: async (id: string) => {
    const [name = '', expose] = id.split('/');
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
/** The manifest URLs live before the current one, newest first, as the registry lists them. */
let previous: Record<string, string[]> = {};

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

/** A renderer on the test's registry; the errors it logs go to `errors`. */
function renderer(errors: string[] = []) {
  return createSiteRenderer({
    readRegistry: async () => ({ remotes: registry, previous }) as never,
    assets: { stylesheets: [], scripts: [], preloadFetches: [], localeScripts: {} },
    remoteBudgetMs: 5000,
    manifestTtlMs: 50,
    log: { info: () => undefined, error: (message) => errors.push(message) },
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
          pt: { url: '/share/contact.png', alt: 'Contato' },
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

type ContactStatus = ReturnType<ReturnType<typeof renderer>['remotesStatus']>['contact'];

/** Until the contact remote's status is `expected`, which it says in `what` (else it fails so). */
async function until(
  site: ReturnType<typeof renderer>,
  expected: (status: ContactStatus) => boolean,
  what: string,
) {
  for (let tries = 0; tries < 200; tries += 1) {
    if (expected(site.remotesStatus().contact)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never ${what}`);
}

/** Until the server has refused the version at `manifestUrl`. */
const refused = (site: ReturnType<typeof renderer>, manifestUrl: string) =>
  until(
    site,
    (status) => Boolean(status.lastFailure?.version?.startsWith(`${manifestUrl} `)),
    `refused ${manifestUrl}`,
  );

const CHANGED = 'A description only the candidate has';

/**
 * What a version's container does on its own: it runs its own copy of page-metadata (each app
 * bundles one), here one whose strings changed, with the shell's shared singletons.
 */
async function runBundledPageMetadataWithChangedStrings(): Promise<void> {
  const shared = {
    'shared-i18n': jest.requireActual<object>('shared-i18n'),
    react: jest.requireActual<object>('react'),
    'react/jsx-runtime': jest.requireActual<object>('react/jsx-runtime'),
  };
  await jest.isolateModulesAsync(async () => {
    for (const [name, module] of Object.entries(shared)) jest.doMock(name, () => module);
    for (const language of ['en', 'es']) {
      const strings = jest.requireActual<Record<string, string>>(
        `../../../page-metadata/src/locales/${language}.json`,
      );
      strings.organizationDescription = CHANGED;
    }
    jest.requireActual('page-metadata');
    await translationsReady();
  });
}

test("a refused candidate's page-metadata strings never reach the live pages", async () => {
  release('live', ContactPage);
  const site = renderer();
  try {
    expect(html(await site.render(at('/contact')))).toContain(liveEnglish.organizationDescription);
    const candidate = release('changed-strings', ThrowingPage, runBundledPageMetadataWithChangedStrings);
    await refused(site, candidate);
    await translationsReady();
    const english = html(await site.render(at('/contact')));
    const spanish = html(await site.render(at('/contact?lang=es')));
    expect(english).toContain(liveEnglish.organizationDescription);
    expect(spanish).toContain(liveSpanish.organizationDescription);
    expect(english + spanish).not.toContain(CHANGED);
  } finally {
    site.close();
  }
});

test('a server that starts while the registry names a version whose page throws renders the newest earlier version that passes, and says so', async () => {
  const older = release('older', ContactPage);
  const lastGood = release('last-good', ContactPage);
  const missing = 'http://contact.invalid/releases/deleted/mf-manifest.json';
  const broken = release('broken', ThrowingPage);
  previous = { contact: [missing, lastGood, older] };
  const errors: string[] = [];
  const site = renderer(errors);
  try {
    const outcome = await site.render(at('/contact'));
    expect(outcome).toMatchObject({ kind: 'page', status: 200 });
    expect(html(outcome)).toContain('Contact us');
    const status = site.remotesStatus().contact;
    expect(status.rendering).toBe(`${lastGood} "${lastGood}"`);
    expect(status.named).toBe(`${broken} "${broken}"`);
    expect(status.fallback).toEqual({
      named: `${broken} "${broken}"`,
      reason: expect.stringMatching(/^\/contact answered 503 with /) as string,
    });
    expect(site.liveManifests()).toEqual({ contact: lastGood });
    // Said once, however many times the server asks the registry meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(errors.filter((message) => message.includes('in place of'))).toHaveLength(1);

    // The registry names a version that passes: it goes live, and the fallback is over.
    const fixed = release('fixed', ContactPage);
    await until(site, (status) => Boolean(status.rendering?.startsWith(`${fixed} `)), `rendered ${fixed}`);
    expect(site.remotesStatus().contact.fallback).toBeNull();
  } finally {
    site.close();
    previous = {};
  }
});

test('a server that starts while the registry names a manifest that is not there renders the previous version', async () => {
  const lastGood = release('before-missing', ContactPage);
  const missing = 'http://contact.invalid/releases/never-uploaded/mf-manifest.json';
  registry = { ...registry, contact: missing };
  previous = { contact: [lastGood] };
  const site = renderer();
  try {
    expect(await site.render(at('/contact?lang=es'))).toMatchObject({ kind: 'page', status: 200 });
    expect(site.remotesStatus().contact).toMatchObject({
      rendering: `${lastGood} "${lastGood}"`,
      fallback: { named: missing, reason: `${missing} answered 404` },
    });
  } finally {
    site.close();
    previous = {};
  }
});
