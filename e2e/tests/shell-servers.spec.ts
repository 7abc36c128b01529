import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { serveStaticApp } from 'build-tools/serve';
import { test, expect } from '../support/fixtures';
import { anotherVersionOf } from '../support/candidateBuild';
import { contactCopy } from '../support/contactForm';
import { fetchServerHtml, serverState } from '../support/serverHtml';
import { startShellProcess } from '../support/shellProcess';
import { everyRemoteLoaded, remoteStatus, rendersManifest, type RemoteName } from '../support/shellStatus';
import type { ComposedSite } from '../support/site';
import type { RegistryDocument } from 'release-registry/registry-document';

/** How soon every shell server renders a change of the registry (issue 34: within 2 s). */
const CONVERGED_MS = 2000;

/**
 * The registry as shell servers on other machines read it: a document on a static host of the
 * test's own (as an object store or a CDN serves it, with ETags), which the test rewrites.
 */
async function startRegistryHost(site: ComposedSite) {
  const folder = mkdtempSync(path.join(tmpdir(), 'e2e-registry-host-'));
  const file = path.join(folder, 'remotes.json');
  const write = (document: RegistryDocument) => {
    // Whole or not at all, as a store replaces an object.
    writeFileSync(`${file}.next`, JSON.stringify(document));
    renameSync(`${file}.next`, file);
  };
  const first = await site.releases.registry.read();
  if (!first) throw new Error('the site has no registry');
  write(first);
  const host = await serveStaticApp({ root: folder, port: 0 });
  return {
    url: `${host.url}/remotes.json`,
    // The site's registry names each of its remotes.
    first: first as RegistryDocument & { remotes: Record<RemoteName, string> },
    write,
    close: async () => {
      await host.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A shell server started as on another machine: its own process and working directory, the registry by URL. */
async function startShellElsewhere(registryUrl: string) {
  const cwd = mkdtempSync(path.join(tmpdir(), 'e2e-shell-elsewhere-'));
  const shell = await startShellProcess({ SHELL_REGISTRY_URL: registryUrl }, { cwd });
  return {
    ...shell,
    close: async () => {
      await shell.close();
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}

type Shell = Awaited<ReturnType<typeof startShellElsewhere>>;
type RegistryHost = Awaited<ReturnType<typeof startRegistryHost>>;

let registry: RegistryHost;
const shells: Shell[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ site }) => {
  registry = await startRegistryHost(site);
  shells.push(...(await Promise.all([0, 1].map(() => startShellElsewhere(registry.url)))));
});

test.afterAll(async () => {
  await Promise.all(shells.map((shell) => shell.close()));
  await registry.close();
});

test('two shell servers reading the registry by URL both render a release, and a rollback, within 2 s', async ({
  site,
}) => {
  await Promise.all(shells.map((shell) => everyRemoteLoaded(shell.url)));
  const first = registry.first.remotes.contact;
  const { version } = await site.releases
    .store('contact')
    .publish(anotherVersionOf('remote-contact', 'contact-elsewhere'));
  const next = site.releases.manifestUrl('contact', version);

  for (const manifestUrl of [next, first]) {
    registry.write({ ...registry.first, remotes: { ...registry.first.remotes, contact: manifestUrl } });
    const changedAt = Date.now();
    await Promise.all(
      shells.map((shell) => rendersManifest(shell.url, 'contact', manifestUrl, CONVERGED_MS)),
    );
    test.info().annotations.push({
      type: 'converged',
      description: `${manifestUrl === next ? 'release' : 'rollback'}: ${Date.now() - changedAt} ms`,
    });
    for (const shell of shells) {
      // The page's HTML names the version it was rendered with.
      const html = await fetchServerHtml(`${shell.url}/contact?lang=es`);
      expect(html.status).toBe(200);
      expect(serverState<{ remoteManifests: Record<string, string> }>(html).remoteManifests?.contact).toBe(
        manifestUrl,
      );
    }
  }
});

test('a shell server that starts while the registry names a broken version serves the newest earlier one that renders, and says so', async ({
  site,
}) => {
  // An upload that lost the Node container the server loads.
  const brokenDist = anotherVersionOf('remote-contact', 'contact-broken-elsewhere');
  rmSync(path.join(brokenDist, 'server', 'remoteEntry.js'));
  const broken = site.releases.manifestUrl(
    'contact',
    (await site.releases.store('contact').publish(brokenDist)).version,
  );
  const deleted = site.releases.manifestUrl('contact', '20000101-000000000-0000000000');
  const first = registry.first.remotes.contact;
  registry.write({
    ...registry.first,
    remotes: { ...registry.first.remotes, contact: broken },
    previous: { contact: [deleted, first] },
  });
  // The servers running already keep the version they render.
  for (const shell of shells) {
    await expect
      .poll(async () => (await remoteStatus(shell.url, 'contact')).lastFailure?.version)
      .toContain(broken);
    expect(await remoteStatus(shell.url, 'contact')).toMatchObject({ fallback: null });
  }

  const started = await startShellElsewhere(registry.url);
  shells.push(started);
  // Its pages wait for the remotes' first check only so long (remoteBudgetMs), then answer 503.
  await everyRemoteLoaded(started.url);
  for (const language of ['en', 'es'] as const) {
    const html = await fetchServerHtml(`${started.url}/contact${language === 'es' ? '?lang=es' : ''}`);
    expect(html.status).toBe(200);
    expect(html.heading).toBe(contactCopy(language, 'title'));
  }
  const status = await remoteStatus(started.url, 'contact');
  expect(status.rendering?.startsWith(`${first} `)).toBe(true);
  expect(status.named?.startsWith(`${broken} `)).toBe(true);
  expect(status.fallback?.named).toBe(status.named);
  expect(status.fallback?.reason).toMatch(/server\/remoteEntry\.js answered 404/);
  // Said once in its log, however often it has asked the registry since.
  await expect.poll(() => started.log().split('in place of').length - 1).toBe(1);

  // The registry names a version that renders: the server takes it, as any release.
  registry.write(registry.first);
  await expect
    .poll(async () => (await remoteStatus(started.url, 'contact')).fallback, {
      timeout: CONVERGED_MS,
      intervals: [50],
    })
    .toBeNull();
  expect((await remoteStatus(started.url, 'contact')).rendering?.startsWith(`${first} `)).toBe(true);
});
