import { rmSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { test, expect, header, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import { anotherVersionOf, prepareCandidate, replaceOnce } from '../support/candidateBuild';
import { releaseCommand } from '../support/releaseCommand';
import { fetchServerHtml, serverState } from '../support/serverHtml';
import { contactCopy, fillEnquiry, outbox, sendButton, SAMPLE_ENQUIRY } from '../support/contactForm';
import { REPOSITORY_ROOT, type ComposedSite } from '../support/site';
import {
  remoteStatus as statusOf,
  rendersManifest,
  type RemoteName,
  type RemoteStatus,
} from '../support/shellStatus';
import { checkRegistryDocument } from 'release-registry/registry-document';

/** Until the server has refused the manifest the registry names now, and says why. */
async function refused(site: ComposedSite, remote: RemoteName): Promise<RemoteStatus> {
  const manifest = await site.liveManifest(remote);
  let status = await statusOf(site.url('shell'), remote);
  await expect
    .poll(
      async () => {
        status = await statusOf(site.url('shell'), remote);
        return Boolean(manifest && status.lastFailure?.version?.startsWith(`${manifest} `));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return status;
}

/** Until the shell server at `shellUrl` renders the manifest the registry names now. */
async function rendersLive(site: ComposedSite, remote: RemoteName, shellUrl = site.url('shell')) {
  await rendersManifest(shellUrl, remote, await site.liveManifest(remote));
}

test.describe.configure({ mode: 'serial' });

test('a broken upload is never rendered: the server keeps the last good version and tells the operator why', async ({
  site,
}) => {
  // The upload lost the Node container the shell's server loads.
  const broken = anotherVersionOf('remote-marketing', 'marketing-broken-upload');
  rmSync(path.join(broken, 'server', 'remoteEntry.js'));
  await site.release('marketing', broken);
  try {
    const status = await refused(site, 'marketing');
    expect(status.rendering).not.toBe(status.named);
    expect(status.lastFailure?.reason).toContain('remoteEntry.js');
    // Browsers are told to load the version the server renders, not the one it refused.
    const registry = checkRegistryDocument(
      await (await fetch(site.url('shell', '/remotes.json'))).json(),
      "the shell's /remotes.json",
    );
    expect(status.rendering?.startsWith(`${registry.remotes.marketing} `)).toBe(true);
    expect(registry.remotes.marketing).not.toBe(await site.liveManifest('marketing'));
    for (const language of ['en', 'es'] as const) {
      const html = await fetchServerHtml(site.url('shell', language === 'es' ? '/?lang=es' : '/'));
      expect(html.status).toBe(200);
      expect(html.heading).toBe(copy('remote-marketing', language, 'home.title'));
    }
  } finally {
    await site.makeLive('marketing');
  }
});

test('a release whose page throws is refused with a clear message; forced past verification, no visitor sees it', async ({
  site,
}) => {
  test.setTimeout(180_000);
  const candidateDir = prepareCandidate(
    'remote-marketing',
    [
      {
        file: 'src/pages/AboutPage.tsx',
        edit: (text) =>
          replaceOnce(
            text,
            '  const { t } = useTranslation(NAMESPACE);\n',
            "  const { t } = useTranslation(NAMESPACE);\n  if (t) throw new Error('a broken candidate: the about page throws');\n",
          ),
      },
    ],
    'about-throws',
  );
  const live = await site.liveManifest('marketing');

  const refusedRelease = await releaseCommand(site, candidateDir, ['release']);
  expect(refusedRelease.code).not.toBe(0);
  expect(refusedRelease.output).toMatch(/release failed: \/about(\?lang=es)? answered 503/);
  expect(refusedRelease.output).toContain('the live version is unchanged');
  expect(await site.liveManifest('marketing')).toBe(live);

  // An operator forces it live (release --no-verify): the shell's server still refuses it.
  await site.release('marketing', path.join(candidateDir, 'dist'));
  try {
    const status = await refused(site, 'marketing');
    expect(status.lastFailure?.reason).toMatch(/^\/about(\?lang=es)? answered 503/);
    for (const language of ['en', 'es'] as const) {
      const html = await fetchServerHtml(site.url('shell', `/about${language === 'es' ? '?lang=es' : ''}`));
      expect(html.status).toBe(200);
      expect(html.heading).toBe(copy('remote-marketing', language, 'about.title'));
    }

    // The team's fix releases with verification, which starts from the failing live version.
    const marketingDist = path.join(REPOSITORY_ROOT, 'remote-marketing', 'dist');
    const fix = await releaseCommand(site, path.join(REPOSITORY_ROOT, 'remote-marketing'), [
      'release',
      '--dist',
      marketingDist,
    ]);
    expect(fix.output).toContain('the live version fails on the shell');
    expect(fix.code).toBe(0);
    expect(await site.liveManifest('marketing')).toBe(live);
  } finally {
    await site.makeLive('marketing');
  }
});

test('a remote host that stops answering leaves the server rendering the version it loaded', async ({
  site,
}) => {
  await fetchServerHtml(site.url('shell', '/services'));
  await site.stop('marketing');
  try {
    // Well past the time the server asks the host again.
    await expect
      .poll(async () => (await statusOf(site.url('shell'), 'marketing')).lastFailure?.reason ?? '')
      .toMatch(/fetch/i);
    const html = await fetchServerHtml(site.url('shell', '/services?lang=es'));
    expect(html.status).toBe(200);
    expect(html.heading).toBe(copy('remote-marketing', 'es', 'services.title'));
    expect((await statusOf(site.url('shell'), 'marketing')).rendering).not.toBeNull();
  } finally {
    await site.start('marketing');
  }
});

test('a tab opened before a release keeps working on the versions it started with', async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/'));
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'home.title'));
  const newVersionRequests: string[] = [];
  const released = {
    marketing: await site.release('marketing', anotherVersionOf('remote-marketing', 'marketing-next')),
    contact: await site.release('contact', anotherVersionOf('remote-contact', 'contact-next')),
  };
  page.on('request', (request) => {
    if (Object.values(released).some((version) => request.url().includes(`/${version}/`))) {
      newVersionRequests.push(request.url());
    }
  });
  try {
    await rendersLive(site, 'marketing');
    // A page rendered now names the new version, which its browser then hydrates with.
    const html = await fetchServerHtml(site.url('shell', '/services'));
    const state = serverState<{ remoteManifests: Record<string, string> }>(html);
    expect(state.remoteManifests?.marketing).toBe(await site.liveManifest('marketing'));

    // The old tab: another page of the released remote, then a form of another released remote.
    await header(page)
      .getByRole('link', { name: copy('shell', 'en', 'nav.services') })
      .click();
    await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
    await header(page)
      .getByRole('link', { name: copy('shell', 'en', 'nav.contact') })
      .click();
    await expect(pageHeading(page)).toHaveText(contactCopy('en', 'title'));
    const before = (await outbox(site)).length;
    await fillEnquiry(page, 'en', SAMPLE_ENQUIRY);
    await sendButton(page, 'en').click();
    await expect(page.getByRole('heading', { name: contactCopy('en', 'thankYou.title') })).toBeFocused();
    expect(await outbox(site)).toHaveLength(before + 1);
    expect(newVersionRequests).toEqual([]);
  } finally {
    await site.makeLive('marketing');
    await site.makeLive('contact');
  }
});

test('two shell servers on one registry both render a release, and a rollback, within seconds', async ({
  site,
}) => {
  const port = 3100;
  const second = spawn(process.execPath, [path.join(REPOSITORY_ROOT, 'shell', 'server', 'start.mjs')], {
    env: { ...process.env, PORT: String(port), SHELL_REGISTRY_FILE: site.registryFile },
    stdio: 'ignore',
  });
  const secondUrl = `http://localhost:${port}`;
  try {
    await expect
      .poll(() =>
        fetch(`${secondUrl}/_shell/status`).then(
          (r) => r.ok,
          () => false,
        ),
      )
      .toBe(true);
    await rendersLive(site, 'booking', secondUrl);
    for (const change of [
      () => site.release('booking', anotherVersionOf('remote-booking', 'booking-next')),
      () => site.makeLive('booking'),
    ]) {
      await change();
      const changedAt = Date.now();
      await Promise.all([rendersLive(site, 'booking'), rendersLive(site, 'booking', secondUrl)]);
      // The figure to watch is in the release measurements (docs); this only bounds it loosely.
      expect(Date.now() - changedAt).toBeLessThan(8000);
    }
  } finally {
    second.kill();
  }
});
