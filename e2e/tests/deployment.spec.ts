import { test, expect, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import { buildCandidate } from '../support/candidateBuild';
import { serveStaticApp } from 'build-tools/serve';
import { fetchServerHtml } from '../support/serverHtml';

const CANDIDATE_TITLE = 'Candidate build: growth on autopilot';
const CANDIDATE_PORT = 4001;
let candidateDist: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  test.setTimeout(180_000);
  candidateDist = buildCandidate('remote-marketing', {
    file: 'src/locales/en.json',
    edit: (text) => {
      const strings = JSON.parse(text) as { home: { title: string } };
      strings.home.title = CANDIDATE_TITLE;
      return JSON.stringify(strings, null, 2);
    },
  });
});

test('QA can try a candidate remote inside the running shell before it is deployed', async ({
  page,
  site,
}) => {
  const candidate = await serveStaticApp({ root: candidateDist, port: CANDIDATE_PORT });
  try {
    const override = `marketing@http://localhost:${CANDIDATE_PORT}/mf-manifest.json`;
    await page.goto(site.url('shell', `/?remoteOverride=${encodeURIComponent(override)}`));
    await expect(pageHeading(page)).toHaveText(CANDIDATE_TITLE);

    // Without the override, the deployed remote is still what visitors get.
    await page.goto(site.url('shell', '/'));
    await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'home.title'));

    // The same override kept in localStorage lasts across reloads for the tester.
    await page.evaluate((value) => window.localStorage.setItem('remoteOverride', value), override);
    await page.reload();
    await expect(pageHeading(page)).toHaveText(CANDIDATE_TITLE);
    await page.evaluate(() => window.localStorage.removeItem('remoteOverride'));
  } finally {
    await candidate.close();
  }
});

test('deploying one rebuilt remote changes the composed site without rebuilding the shell', async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/'));
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'home.title'));

  // Deploy: only remote-marketing's server is replaced by the new build; the shell is untouched.
  await site.stop('marketing');
  await site.start('marketing', candidateDist);
  try {
    // The shell's running server renders the new version (it revalidates the remote's manifest),
    // as a crawler sees it: no rebuild, no restart of the shell.
    await expect
      .poll(async () => (await fetchServerHtml(site.url('shell', '/'))).heading, { timeout: 10_000 })
      .toBe(CANDIDATE_TITLE);
    await page.reload();
    await expect(pageHeading(page)).toHaveText(CANDIDATE_TITLE);
    // The Spanish text of the remote did not change, and the other remotes are as they were.
    await page.getByTestId('language-toggle').click();
    await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'home.title'));
  } finally {
    await site.stop('marketing');
    await site.start('marketing');
  }
  await expect
    .poll(async () => (await fetchServerHtml(site.url('shell', '/'))).heading, { timeout: 10_000 })
    .toBe(copy('remote-marketing', 'en', 'home.title'));
  await page.reload();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'home.title'));
});

test('a candidate tried through a QA override is never run by the server, and hydration stays clean', async ({
  page,
  site,
  pageErrors,
}) => {
  const candidate = await serveStaticApp({ root: candidateDist, port: CANDIDATE_PORT });
  try {
    const override = `marketing@http://localhost:${CANDIDATE_PORT}/mf-manifest.json`;
    const url = site.url('shell', `/?remoteOverride=${encodeURIComponent(override)}`);
    // The server renders the registry's remote; the candidate only ever runs in the tester's browser.
    expect((await fetchServerHtml(url)).heading).toBe(copy('remote-marketing', 'en', 'home.title'));
    await page.goto(url);
    await expect(pageHeading(page)).toHaveText(CANDIDATE_TITLE);
    expect(pageErrors).toEqual([]);
  } finally {
    await candidate.close();
  }
});
