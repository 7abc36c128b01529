import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, pageHeading } from '../support/fixtures';
import { buildCandidate } from '../support/candidateBuild';
import { REPOSITORY_ROOT } from '../support/site';
import { fetchServerHtml } from '../support/serverHtml';
import { fetchSitemap } from '../support/sitemap';
import { contactCopy, fillEnquiry, outbox, sendButton, SAMPLE_ENQUIRY } from '../support/contactForm';
import { chooseLanguage } from '../support/languages';
import { everyRemoteLoaded } from '../support/shellStatus';

/**
 * The shell provides the one federation runtime of the page and remotes use it, so the runtime's
 * version is part of the shell's contract. A remote team that has not rebuilt since the shell moved
 * to a newer release must still be served: this builds remote-contact with the previous minor
 * release of the federation plugin (an npm alias in e2e/package.json) and deploys it.
 */
const PREVIOUS_RELEASE_PACKAGE = 'module-federation-enhanced-previous';
const previousRelease = (
  JSON.parse(
    readFileSync(
      path.join(REPOSITORY_ROOT, 'node_modules', PREVIOUS_RELEASE_PACKAGE, 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

let candidateDist: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  test.setTimeout(180_000);
  candidateDist = buildCandidate('remote-contact', [], {
    MODULE_FEDERATION_PACKAGE: PREVIOUS_RELEASE_PACKAGE,
  });
  const manifest = JSON.parse(readFileSync(path.join(candidateDist, 'mf-manifest.json'), 'utf8')) as {
    metaData: { pluginVersion: string };
  };
  // The candidate really is the older build, not the current one under another name.
  expect(manifest.metaData.pluginVersion).toBe(previousRelease);
});

test(`a remote built with the previous federation release (${PREVIOUS_RELEASE_PACKAGE}) works in the current shell`, async ({
  page,
  site,
  pageErrors,
}) => {
  await site.release('contact', candidateDist);
  try {
    // The shell's server renders it...
    await expect
      .poll(async () => (await fetchServerHtml(site.url('shell', '/contact?lang=es'))).heading, {
        timeout: 10_000,
      })
      .toBe(contactCopy('es', 'title'));

    // ...and in the browser it hydrates on the shell's runtime and sends, in the page's language.
    const before = (await outbox(site)).length;
    await page.goto(site.url('shell', '/contact?lang=es'));
    await expect(pageHeading(page)).toHaveText(contactCopy('es', 'title'));
    await fillEnquiry(page, 'es', SAMPLE_ENQUIRY);
    await sendButton(page, 'es').click();
    await expect(page.getByRole('heading', { name: contactCopy('es', 'thankYou.title') })).toBeFocused();
    const messages = await outbox(site);
    expect(messages).toHaveLength(before + 1);
    expect(messages.at(-1)?.params).toEqual(SAMPLE_ENQUIRY);
    expect(pageErrors).toEqual([]);
  } finally {
    await site.makeLive('contact');
  }
});

test('the older remote still runs alone in its own harness, which provides its own runtime', async ({
  page,
  site,
  pageErrors,
}) => {
  await site.stop('shell');
  await site.stop('contact');
  await site.start('contact', candidateDist);
  try {
    await page.goto(site.url('contact', '/contact'));
    await expect(pageHeading(page)).toHaveText(contactCopy('en', 'title'));
    await chooseLanguage(page, 'es');
    await expect(pageHeading(page)).toHaveText(contactCopy('es', 'title'));
    expect(pageErrors).toEqual([]);
  } finally {
    await site.stop('contact');
    await site.start('contact');
    await site.start('shell');
  }
});

test('once the current build is deployed again, a shell server restarted in the same process serves all of it, not what the older container left in the runtime', async ({
  site,
}) => {
  // The runtime is global to the process: the server started by the test above must not reuse the
  // older container the one before it loaded (its page chunks are cached, its other chunks are gone).
  // Once it has loaded every remote (in the background, after it starts listening).
  await everyRemoteLoaded(site.url('shell'));
  const sitemap = await fetchSitemap(site.url('shell', '/sitemap.xml'));
  expect(sitemap.status).toBe(200);
  expect(sitemap.entries.map(({ loc }) => new URL(loc).pathname)).toContain('/contact');
  expect((await fetchServerHtml(site.url('shell', '/contact'))).heading).toBe(contactCopy('en', 'title'));
});
