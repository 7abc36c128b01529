// A language rolled out one remote at a time: the marketing team releases a version without
// Portuguese while the others have it. The release refuses to drop the language until the team
// names it; then the marketing pages show in English under a note in Portuguese, marked `lang="en"`,
// and leave Portuguese out of their hreflang and of the sitemap, while the other remotes' pages
// keep it. A rollback brings Portuguese back (the warning of a rollback that drops a language is
// release-tools' unit test's).
import path from 'node:path';
import { test, expect, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import { versionWithLanguages } from '../support/candidateBuild';
import { releaseCommand } from '../support/releaseCommand';
import { REPOSITORY_ROOT } from '../support/site';
import { fetchServerHtml } from '../support/serverHtml';
import { fetchSitemap } from '../support/sitemap';
import { chooseLanguage } from '../support/languages';

test.describe.configure({ mode: 'serial' });

const MARKETING = path.join(REPOSITORY_ROOT, 'remote-marketing');

const hreflangsOf = (document: Document) =>
  [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) =>
    link.getAttribute('hreflang'),
  );

test('a marketing version without Portuguese: refused until named, then shown in English with a note, out of hreflang and the sitemap; a rollback brings it back', async ({
  page,
  site,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  const before = await site.liveManifest('marketing');
  const withoutPortuguese = versionWithLanguages('remote-marketing', 'marketing-without-pt', ['en', 'es']);

  const refused = await releaseCommand(site, MARKETING, ['release', '--dist', withoutPortuguese]);
  expect(refused.code).not.toBe(0);
  expect(refused.output).toContain('--drop-language pt');
  expect(await site.liveManifest('marketing')).toBe(before);

  const released = await releaseCommand(site, MARKETING, [
    'release',
    '--dist',
    withoutPortuguese,
    '--drop-language',
    'pt',
  ]);
  expect(released.code, released.output).toBe(0);
  expect(released.output).toContain('dropping pt as asked');

  // As a crawler reads it: the shell in Portuguese, the marketing page in English under the note.
  const about = site.url('shell', '/about?lang=pt');
  await expect
    .poll(async () => (await fetchServerHtml(about)).heading, { timeout: 15_000 })
    .toBe(copy('remote-marketing', 'en', 'about.title'));
  const html = await fetchServerHtml(about);
  expect(html.lang).toBe('pt-BR');
  const note = html.document.querySelector('[data-testid="page-language-note"]');
  expect(note?.textContent).toBe(copy('shell', 'pt', 'pageLanguage.inEnglish'));
  expect(html.document.querySelector('main h1')?.closest('[lang]')?.getAttribute('lang')).toBe('en');
  expect(hreflangsOf(html.document)).toEqual(['en', 'es', 'x-default']);
  // The booking team's page still has Portuguese.
  const booking = await fetchServerHtml(site.url('shell', '/booking?lang=pt'));
  expect(booking.heading).toBe(copy('remote-booking', 'pt', 'title'));
  expect(hreflangsOf(booking.document)).toEqual(['en', 'es', 'pt-BR', 'x-default']);

  const listed = (await fetchSitemap(site.url('shell', '/sitemap.xml'))).entries.map(
    ({ loc }) => new URL(loc).pathname + new URL(loc).search,
  );
  expect(listed).toContain('/about?lang=es');
  expect(listed).not.toContain('/about?lang=pt');
  expect(listed).toContain('/booking?lang=pt');

  // In a browser: the same page hydrates as sent, and a switch to Spanish leaves the note behind.
  await page.goto(about);
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'about.title'));
  await expect(page.getByTestId('page-language-note')).toBeVisible();
  await chooseLanguage(page, 'es');
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'about.title'));
  await expect(page.getByTestId('page-language-note')).toHaveCount(0);
  expect(pageErrors).toEqual([]);

  const rolledBack = await releaseCommand(site, MARKETING, ['rollback']);
  expect(rolledBack.code, rolledBack.output).toBe(0);
  expect(rolledBack.output).not.toContain('warning');
  expect(await site.liveManifest('marketing')).toBe(before);
  await expect
    .poll(async () => (await fetchServerHtml(about)).heading, { timeout: 15_000 })
    .toBe(copy('remote-marketing', 'pt', 'about.title'));
});
