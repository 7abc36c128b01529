import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '../support/fixtures';
import { copy } from '../support/copy';
import { buildCandidate, replaceOnce } from '../support/candidateBuild';
import { fetchServerHtml } from '../support/serverHtml';
import { REPOSITORY_ROOT, type ComposedSite } from '../support/site';

/** What the shell's server tells its operator about one remote (GET /_shell/status). */
interface RemoteStatus {
  named: string | null;
  rendering: string | null;
  lastFailure: { version: string | null; reason: string; at: string } | null;
}

async function marketingStatus(site: ComposedSite): Promise<RemoteStatus> {
  const response = await fetch(site.url('shell', '/_shell/status'));
  expect(response.status).toBe(200);
  const { remotes } = (await response.json()) as { remotes: { marketing: RemoteStatus } };
  return remotes.marketing;
}

/** Until the server has refused the version the registry names now (since `deployedAt`), and says why. */
async function refusedVersion(site: ComposedSite, deployedAt: number): Promise<RemoteStatus> {
  let status = await marketingStatus(site);
  await expect
    .poll(
      async () => {
        status = await marketingStatus(site);
        const failure = status.lastFailure;
        return Boolean(failure && Date.parse(failure.at) >= deployedAt && failure.version === status.named);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return status;
}

/** Deploys another build of remote-marketing in place of the live one, and restores it after. */
async function withMarketingDeployed(
  site: ComposedSite,
  dist: string,
  check: (deployedAt: number) => Promise<void>,
) {
  await site.stop('marketing');
  const deployedAt = Date.now();
  await site.start('marketing', dist);
  try {
    await check(deployedAt);
  } finally {
    await site.stop('marketing');
    await site.start('marketing');
  }
}

test.describe.configure({ mode: 'serial' });

test('a broken upload is never rendered: the server keeps the last good version and tells the operator why', async ({
  site,
}) => {
  const live = await fetchServerHtml(site.url('shell', '/'));
  expect(live.heading).toBe(copy('remote-marketing', 'en', 'home.title'));
  // The upload lost the Node container the shell's server loads.
  const broken = path.join(REPOSITORY_ROOT, 'e2e', '.candidate', 'marketing-broken-upload');
  rmSync(broken, { recursive: true, force: true });
  cpSync(path.join(REPOSITORY_ROOT, 'remote-marketing', 'dist'), broken, { recursive: true });
  rmSync(path.join(broken, 'server', 'remoteEntry.js'));
  await withMarketingDeployed(site, broken, async (deployedAt) => {
    const status = await refusedVersion(site, deployedAt);
    expect(status.rendering).not.toBe(status.named);
    expect(status.lastFailure?.reason).toContain('remoteEntry.js');
    for (const [pathname, language] of [
      ['/', 'en'],
      ['/services?lang=es', 'es'],
    ] as const) {
      const html = await fetchServerHtml(site.url('shell', pathname));
      expect(html.status, pathname).toBe(200);
      expect(html.lang).toBe(language);
    }
  });
});

test('a version whose page throws while rendering is refused, and its pages keep the last good version', async ({
  site,
}) => {
  test.setTimeout(180_000);
  const broken = buildCandidate('remote-marketing', [
    {
      file: 'src/pages/AboutPage.tsx',
      edit: (text) =>
        replaceOnce(
          text,
          '  const { t } = useTranslation(NAMESPACE);\n',
          "  const { t } = useTranslation(NAMESPACE);\n  if (t) throw new Error('a broken candidate: the about page throws');\n",
        ),
    },
  ]);
  await withMarketingDeployed(site, broken, async (deployedAt) => {
    const status = await refusedVersion(site, deployedAt);
    expect(status.lastFailure?.reason).toMatch(/^\/about(\?lang=es)? answered 503/);
    for (const language of ['en', 'es'] as const) {
      const html = await fetchServerHtml(site.url('shell', `/about${language === 'es' ? '?lang=es' : ''}`));
      expect(html.status).toBe(200);
      expect(html.heading).toBe(copy('remote-marketing', language, 'about.title'));
    }
  });
});

test('a remote host that stops answering leaves the server rendering the version it loaded', async ({
  site,
}) => {
  await fetchServerHtml(site.url('shell', '/services'));
  await site.stop('marketing');
  try {
    // Well past the time the server asks the host again.
    await expect.poll(async () => (await marketingStatus(site)).lastFailure?.reason ?? '').toMatch(/fetch/i);
    const html = await fetchServerHtml(site.url('shell', '/services?lang=es'));
    expect(html.status).toBe(200);
    expect(html.heading).toBe(copy('remote-marketing', 'es', 'services.title'));
    expect((await marketingStatus(site)).rendering).not.toBeNull();
  } finally {
    await site.start('marketing');
  }
});
