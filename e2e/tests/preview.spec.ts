import path from 'node:path';
import { signPreview } from 'release-registry/preview-links';
import { test, expect, header, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import { versionWithText } from '../support/candidateBuild';
import { releaseCommand } from '../support/releaseCommand';
import { fetchServerHtml, serverState } from '../support/serverHtml';
import { startShellProcess } from '../support/shellProcess';
import { REPOSITORY_ROOT } from '../support/site';
import { checkRegistryDocument } from 'release-registry/registry-document';

/** The environment's preview secret, as the operator sets it (SHELL_PREVIEW_SECRET). */
const SECRET = 'the e2e environment preview secret';
const CANDIDATE_TITLE = 'A candidate home page that only QA sees';
const LIVE_TITLE = copy('remote-marketing', 'en', 'home.title');
const HOUR_MS = 60 * 60 * 1000;

let shell: Awaited<ReturnType<typeof startShellProcess>>;
/** The candidate's manifest: published on marketing's release host, never made live. */
let candidateManifest: string;
let link: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ site }) => {
  const dist = versionWithText('remote-marketing', 'marketing-preview', LIVE_TITLE, CANDIDATE_TITLE);
  const { version } = await site.releases.store('marketing').publish(dist);
  candidateManifest = site.releases.manifestUrl('marketing', version);
  shell = await startShellProcess({
    SHELL_REGISTRY_URL: site.registryFile,
    SHELL_PREVIEW_SECRET: SECRET,
  });
  // npm run preview --workspace remote-marketing -- --version <version>
  const made = await releaseCommand(
    site,
    path.join(REPOSITORY_ROOT, 'remote-marketing'),
    ['preview', '--version', version, '--hours', '2'],
    { SITE_URL: shell.url, SHELL_PREVIEW_SECRET: SECRET },
  );
  expect(made.code, made.output).toBe(0);
  link = made.output.trim();
  expect(link.startsWith(`${shell.url}/_shell/preview?token=`)).toBe(true);
});

test.afterAll(async () => {
  await shell?.close();
});

/** A preview cookie of the server's, as a forged or stale one would be sent. */
const withCookie = (token: string) => ({ headers: { cookie: `shell_preview=${token}` } });

test('a preview link shows the candidate, rendered by the server, to the browser that opened it only', async ({
  page,
  browser,
  site,
}) => {
  const response = await page.goto(link);
  expect(page.url()).toBe(`${shell.url}/`);
  expect(response?.status()).toBe(200);
  // The server's HTML itself is the candidate's, and no cache or crawler keeps it.
  expect(await response?.text()).toContain(CANDIDATE_TITLE);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  expect(response?.headers()['vary']).toMatch(/\bCookie\b/);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(pageHeading(page)).toHaveText(CANDIDATE_TITLE);
  const state = JSON.parse((await page.locator('#shell-ssr-state').textContent()) ?? '{}') as {
    remoteManifests?: Record<string, string>;
  };
  expect(state.remoteManifests?.marketing).toBe(candidateManifest);
  // Later pages load the candidate too: the registry this browser reads names it.
  const registry = await page.request.get(`${shell.url}/remotes.json`);
  expect(checkRegistryDocument(await registry.json(), "the preview's /remotes.json").remotes.marketing).toBe(
    candidateManifest,
  );
  expect(registry.headers()['cache-control']).toBe('private, no-store');
  // A client-side navigation from another remote's page, whose HTML named no marketing version.
  await page.goto(`${shell.url}/contact`);
  await header(page)
    .getByRole('link', { name: copy('shell', 'en', 'nav.home') })
    .click();
  await expect(pageHeading(page)).toHaveText(CANDIDATE_TITLE);

  // Anyone else, after the preview's render: the live version, cacheable as ever.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const otherResponse = await otherPage.goto(`${shell.url}/`);
    expect(await otherResponse?.text()).not.toContain(CANDIDATE_TITLE);
    await expect(pageHeading(otherPage)).toHaveText(LIVE_TITLE);
  } finally {
    await other.close();
  }
  const plain = await fetchServerHtml(`${shell.url}/`);
  expect(plain.heading).toBe(LIVE_TITLE);
  expect(plain.headers.get('cache-control')).not.toMatch(/no-store/);
  expect(serverState<{ remoteManifests: Record<string, string> }>(plain).remoteManifests?.marketing).toBe(
    await site.liveManifest('marketing'),
  );

  // Leaving the preview: the live version again.
  await page.goto(`${shell.url}/_shell/preview/end`);
  await expect(pageHeading(page)).toHaveText(LIVE_TITLE);
});

test('a tampered, expired or foreign preview link is refused with 403, and a forged cookie shows the live site', async () => {
  const token = new URL(link).searchParams.get('token') ?? '';
  const signed = (change: { manifestUrl?: string; expires?: number }) =>
    signPreview(
      {
        remote: 'marketing',
        manifestUrl: candidateManifest,
        expires: Date.now() + HOUR_MS,
        path: '/',
        ...change,
      },
      SECRET,
    );
  const refused = [
    `${token.slice(0, -4)}AAAA`,
    signed({ expires: Date.now() - 1000 }),
    signed({ manifestUrl: 'http://attacker.localhost:9/mf-manifest.json' }),
  ];
  for (const bad of refused) {
    const response = await fetch(`${shell.url}/_shell/preview?token=${bad}`, { redirect: 'manual' });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
    const forged = await fetchServerHtml(`${shell.url}/`, withCookie(bad));
    expect(forged.heading).toBe(LIVE_TITLE);
  }
});

test("a candidate that cannot be loaded answers its remote's 503 panel, to the previewing visitor only", async ({
  site,
}) => {
  const missing = new URL('/releases/no-such-version/mf-manifest.json', candidateManifest).href;
  const html = await fetchServerHtml(
    `${shell.url}/`,
    withCookie(
      signPreview(
        { remote: 'marketing', manifestUrl: missing, expires: Date.now() + HOUR_MS, path: '/' },
        SECRET,
      ),
    ),
  );
  expect(html.status).toBe(503);
  expect(html.headers.get('cache-control')).toBe('private, no-store');
  expect((await fetchServerHtml(`${shell.url}/`)).status).toBe(200);
  // A server without a secret has no previews: the path is a page like any other.
  expect((await fetch(site.url('shell', `/_shell/preview?token=${encodeURIComponent(link)}`))).status).toBe(
    404,
  );
});
