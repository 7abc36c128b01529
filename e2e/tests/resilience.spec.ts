import { test, expect, footer, header, isSameDocument, markDocument, pageHeading } from '../support/fixtures';
import { createServer, type Server, type Socket } from 'node:net';
import { copy, REMOTES } from '../support/copy';
import { fetchServerHtml } from '../support/serverHtml';
import type { ComposedSite } from '../support/site';
import { firstPageInteractive } from '../support/firstLoad';
import { chooseLanguage } from '../support/languages';

/** How long the shell's server trusts a remote's manifest before it asks again (serveShell's default). */
const MANIFEST_TTL_MS = 1000;

/** The remote is down, and the shell's server (started again) has never loaded a version of it. */
async function stopBeforeTheServerLoadsIt(
  site: ComposedSite,
  name: (typeof REMOTES)[number]['name'],
): Promise<void> {
  await site.stop(name);
  await site.restart('shell');
}

for (const remote of REMOTES) {
  test.describe(`with ${remote.dir} down`, () => {
    test.afterEach(async ({ site }) => site.start(remote.name));

    test('its pages show the fallback while the rest of the site works, and Retry recovers', async ({
      page,
      site,
    }) => {
      await stopBeforeTheServerLoadsIt(site, remote.name);
      expect((await fetchServerHtml(site.url('shell', remote.path))).status).toBe(503);
      await page.goto(site.url('shell', remote.path));
      const fallback = page.getByTestId('remote-unavailable');
      await expect(fallback).toContainText(copy('shell', 'en', 'remoteUnavailable.title'));
      await expect(header(page)).toBeVisible();
      await expect(footer(page)).toContainText(copy('shell', 'en', 'footer.hours'));
      await markDocument(page);

      // The language menu still works, and the fallback speaks Spanish too.
      await chooseLanguage(page, 'es');
      await expect(fallback).toContainText(copy('shell', 'es', 'remoteUnavailable.title'));
      await chooseLanguage(page, 'en');
      await expect(fallback).toContainText(copy('shell', 'en', 'remoteUnavailable.title'));

      // The other remotes keep working.
      for (const other of REMOTES.filter((candidate) => candidate.name !== remote.name)) {
        await page.evaluate((path) => {
          window.history.pushState({}, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, other.path);
        await expect(pageHeading(page)).toHaveText(copy(other.dir, 'en', other.heading));
      }

      // Back on the broken remote's page: still the fallback, until the remote is back.
      await page.goBack();
      await page.goBack();
      await expect(page).toHaveURL(site.url('shell', remote.path));
      await expect(fallback).toBeVisible();
      await site.start(remote.name);
      await fallback.getByRole('button', { name: 'Retry' }).click();
      await expect(pageHeading(page)).toHaveText(copy(remote.dir, 'en', remote.heading));
      expect(await isSameDocument(page)).toBe(true);
    });

    test('a server that never loaded it answers 503 with Retry-After, the layout and the localized panel', async ({
      site,
    }) => {
      await stopBeforeTheServerLoadsIt(site, remote.name);
      for (const language of ['en', 'es'] as const) {
        const html = await fetchServerHtml(
          site.url('shell', `${remote.path}${language === 'es' ? '?lang=es' : ''}`),
        );
        expect(html.status).toBe(503);
        expect(html.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(html.lang).toBe(language);
        expect(html.heading).toBe(copy('shell', language, 'remoteUnavailable.title'));
        expect(html.document.querySelector('[data-testid="site-footer"]')).not.toBeNull();
      }
    });
  });
}

test('a remote that accepts connections but never answers costs the server a second, not a hang', async ({
  site,
}) => {
  await site.stop('contact');
  // A host that is up but silent: connections are accepted and never answered.
  const connections = new Set<Socket>();
  const silent: Server = createServer((socket) => connections.add(socket));
  await new Promise<void>((resolve) => silent.listen(3003, '127.0.0.1', resolve));
  // A shell server that has no version of it yet (one that has keeps rendering that one).
  await site.restart('shell');
  try {
    const html = await fetchServerHtml(site.url('shell', '/contact'));
    expect(html.status).toBe(503);
    expect(html.heading).toBe(copy('shell', 'en', 'remoteUnavailable.title'));
  } finally {
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await site.start('contact');
  }
});

test('a remote whose manifest answers 404 shows the fallback', async ({ page, site }) => {
  await page.route('**/localhost:3003/releases/**/mf-manifest.json', (route) =>
    route.fulfill({ status: 404, body: 'Not found' }),
  );
  await page.goto(site.url('shell', '/contact'));
  await expect(page.getByTestId('remote-unavailable')).toBeVisible();
  await page.unroute('**/localhost:3003/releases/**/mf-manifest.json');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(pageHeading(page)).toHaveText(copy('remote-contact', 'en', 'title'));
});

test('a remote whose script fails shows the fallback, and the other remotes still load', async ({
  page,
  site,
}) => {
  await page.route('**/localhost:3002/releases/**/remoteEntry.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken deploy")' }),
  );
  await page.goto(site.url('shell', '/booking'));
  await expect(page.getByTestId('remote-unavailable')).toBeVisible();
  await header(page).getByRole('link', { name: 'Contact' }).click();
  await expect(pageHeading(page)).toHaveText(copy('remote-contact', 'en', 'title'));
});

test('the site still starts when the registry cannot be fetched', async ({ page, site }) => {
  await page.route('**/remotes.json', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto(site.url('shell', '/about'));
  // The page the server rendered names its remote's version: it hydrates without the registry.
  await firstPageInteractive(page);
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'about.title'));
  // Another remote's page needs the registry: its fallback, until the registry answers again.
  await header(page).getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByTestId('remote-unavailable')).toBeVisible();
  await page.unroute('**/remotes.json');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(pageHeading(page)).toHaveText(copy('remote-contact', 'en', 'title'));
});

test('a page the server rendered whose scripts then fail in the browser shows the fallback, and Retry recovers it in place', async ({
  page,
  site,
}) => {
  // The server renders the page and preloads its remote's scripts, then the remote goes down before
  // the browser fetches them: the server keeps rendering the version it has loaded, however long
  // the host stays down. Chrome answers a later request for a failed preload with the same
  // failure, so Retry loads the released version under fresh URLs, in the same document.
  await fetch(site.url('shell', '/services'));
  await site.stop('marketing');
  await new Promise((resolve) => setTimeout(resolve, MANIFEST_TTL_MS * 1.5));
  const fallback = page.getByTestId('remote-unavailable');
  try {
    const response = await page.goto(site.url('shell', '/services'));
    expect(response?.status()).toBe(200);
    await expect(fallback).toContainText(copy('shell', 'en', 'remoteUnavailable.title'));
  } finally {
    await site.start('marketing');
  }
  await markDocument(page);
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
  expect(await isSameDocument(page)).toBe(true);
});

test('a remote blocked in the browser only (the server reaches it) is recovered in place by Retry once reachable', async ({
  page,
  site,
}) => {
  // A visitor's network or blocker: the server renders the page, the browser cannot fetch the
  // remote's files, then can.
  const blocked = `**/localhost:${new URL(site.url('marketing')).port}/**`;
  await page.route(blocked, (route) => route.abort());
  const fallback = page.getByTestId('remote-unavailable');
  await page.goto(site.url('shell', '/about?lang=es'));
  await expect(fallback).toContainText(copy('shell', 'es', 'remoteUnavailable.title'));
  await page.unroute(blocked);
  await markDocument(page);
  await fallback.getByRole('button', { name: copy('shell', 'es', 'remoteUnavailable.retry') }).click();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'about.title'));
  expect(await isSameDocument(page)).toBe(true);
});

test('Retry of a remote whose scripts the server did not preload recovers in place, without reloading', async ({
  page,
  site,
}) => {
  // The home page's HTML preloads the marketing remote's scripts, not the contact remote's: its
  // failure after a navigation is retried in place, and the visitor keeps the page's state.
  await page.goto(site.url('shell', '/'));
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'home.title'));
  await site.stop('contact');
  const fallback = page.getByTestId('remote-unavailable');
  try {
    await header(page)
      .getByRole('link', { name: copy('shell', 'en', 'nav.contact') })
      .click();
    await expect(fallback).toContainText(copy('shell', 'en', 'remoteUnavailable.title'));
  } finally {
    await site.start('contact');
  }
  await markDocument(page);
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(pageHeading(page)).toHaveText(copy('remote-contact', 'en', 'title'));
  expect(await isSameDocument(page)).toBe(true);
});
