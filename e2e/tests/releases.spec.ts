import { test, expect, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import path from 'node:path';
import { prepareCandidate, replaceOnce } from '../support/candidateBuild';
import { releaseCommand } from '../support/releaseCommand';
import { serveStaticApp } from 'build-tools/serve';
import { fetchServerHtml } from '../support/serverHtml';
import { fetchSitemap, onLocalShell, SITE_URL } from '../support/sitemap';
import { chooseLanguage } from '../support/languages';

const CANDIDATE_TITLE = 'Candidate build: growth on autopilot';
const CANDIDATE_PORT = 4001;
/** A service the candidate adds, as the marketing team would: id, icon, illustration, copy, share image. */
const NEW_SERVICE_ID = 'local-seo';
const NEW_SERVICE_TITLE = {
  en: 'Candidate build: local SEO',
  es: 'Candidato: SEO local',
  pt: 'Candidato: SEO local',
};
let candidateDir: string;
let candidateDist: string;

interface MarketingStrings {
  home: { title: string };
  serviceDetail: Record<string, { title: string }>;
}

/** The candidate's copy in one language: the new service (the SEO page's copy, its own title). */
function candidateStrings(language: 'en' | 'es' | 'pt') {
  return (text: string) => {
    const strings = JSON.parse(text) as MarketingStrings;
    strings.serviceDetail[NEW_SERVICE_ID] = {
      ...strings.serviceDetail.seo,
      title: NEW_SERVICE_TITLE[language],
    };
    if (language === 'en') strings.home.title = CANDIDATE_TITLE;
    return JSON.stringify(strings, null, 2);
  };
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  // One candidate carries both changes: a changed home title and a new service page. The first
  // test's release command builds it, as a team's would.
  candidateDir = prepareCandidate('remote-marketing', [
    { file: 'src/locales/en.json', edit: candidateStrings('en') },
    { file: 'src/locales/es.json', edit: candidateStrings('es') },
    { file: 'src/locales/pt.json', edit: candidateStrings('pt') },
    {
      file: 'src/content/serviceIds.ts',
      edit: (text) =>
        replaceOnce(
          text,
          "  'analytics',\n] as const;",
          `  'analytics',\n  '${NEW_SERVICE_ID}',\n] as const;`,
        ),
    },
    {
      file: 'src/content/serviceIcons.ts',
      edit: (text) =>
        replaceOnce(
          text,
          "  analytics: 'chart',\n",
          `  analytics: 'chart',\n  '${NEW_SERVICE_ID}': 'search',\n`,
        ),
    },
    {
      file: 'src/metadata/shareImages.json',
      edit: (text) => {
        const descriptors = JSON.parse(text) as {
          images: Record<string, { title: string; subtitle: string }>;
        };
        descriptors.images[`service-${NEW_SERVICE_ID}`] = {
          title: `serviceDetail.${NEW_SERVICE_ID}.title`,
          subtitle: `serviceDetail.${NEW_SERVICE_ID}.subtitle`,
        };
        return JSON.stringify(descriptors, null, 2);
      },
    },
    {
      file: 'src/content/serviceImages.ts',
      edit: (text) => replaceOnce(text, '  analytics,\n', `  analytics,\n  '${NEW_SERVICE_ID}': seo,\n`),
    },
  ]);
  candidateDist = path.join(candidateDir, 'dist');
});

test("a team's release shows its change on the composed site within seconds, and a rollback brings the old version back", async ({
  page,
  site,
}) => {
  test.setTimeout(240_000);
  await page.goto(site.url('shell', '/'));
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'home.title'));
  const before = await site.liveManifest('marketing');

  // npm run release --workspace remote-marketing: build, publish, verify, make live.
  const released = await releaseCommand(site, candidateDir, ['release']);
  expect(released.output).toContain('verified');
  expect(released.code, released.output).toBe(0);
  const live = await site.liveManifest('marketing');
  expect(live).not.toBe(before);
  // The shell's running server renders the new version, as a crawler sees it: no rebuild, no
  // restart of the shell.
  await expect
    .poll(async () => (await fetchServerHtml(site.url('shell', '/'))).heading, { timeout: 10_000 })
    .toBe(CANDIDATE_TITLE);
  await page.reload();
  await expect(pageHeading(page)).toHaveText(CANDIDATE_TITLE);
  // The Spanish text of the remote did not change, and the other remotes are as they were.
  await chooseLanguage(page, 'es');
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'home.title'));

  // npm run releases: both versions, the new one live.
  const listed = await releaseCommand(site, candidateDir, ['releases']);
  expect(listed.code, listed.output).toBe(0);
  const liveLines = listed.output.split('\n').filter((line) => line.startsWith('*'));
  expect(liveLines).toHaveLength(1);
  expect(live).toContain(liveLines[0]?.slice(2, liveLines[0].indexOf(' ', 2)));

  // npm run rollback: the previous version is live again, with no build.
  const rolledBack = await releaseCommand(site, candidateDir, ['rollback']);
  expect(rolledBack.code, rolledBack.output).toBe(0);
  expect(await site.liveManifest('marketing')).toBe(before);
  await expect
    .poll(async () => (await fetchServerHtml(site.url('shell', '/'))).heading, { timeout: 10_000 })
    .toBe(copy('remote-marketing', 'en', 'home.title'));
  await page.reload();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'home.title'));
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

test("a service page a remote adds is listed in the running shell's sitemap after that remote's release", async ({
  site,
}) => {
  const listed = async () =>
    (await fetchSitemap(site.url('shell', '/sitemap.xml'))).entries.map(({ loc }) => loc);
  const en = new URL(`/services/${NEW_SERVICE_ID}`, SITE_URL).href;
  const newPage = { en, es: `${en}?lang=es` };
  expect(await listed()).not.toContain(newPage.en);

  // Released: only the registry changes; the shell neither rebuilds nor restarts.
  await site.release('marketing', candidateDist);
  try {
    await expect.poll(listed, { timeout: 10_000 }).toEqual(expect.arrayContaining([newPage.en, newPage.es]));
    // What the sitemap lists is served: the new service page, in both languages.
    for (const language of ['en', 'es'] as const) {
      const html = await fetchServerHtml(onLocalShell(newPage[language], site.url('shell')));
      expect(html.status, newPage[language]).toBe(200);
      expect(html.heading, newPage[language]).toBe(NEW_SERVICE_TITLE[language]);
    }
  } finally {
    await site.makeLive('marketing');
  }
  // Back on the first version, the page it never had is no longer listed.
  await expect.poll(listed, { timeout: 10_000 }).not.toContain(newPage.en);
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
