import { test, expect, footer, header, isSameDocument, markDocument, pageHeading } from '../support/fixtures';
import { copy, ROUTES } from '../support/copy';
import { chooseLanguage } from '../support/languages';

for (const language of ['en', 'es'] as const) {
  for (const route of ROUTES) {
    test(`${route.path} shows ${route.owner}'s page inside the layout (${language})`, async ({
      page,
      site,
      pageErrors,
    }) => {
      await page.goto(site.url('shell', `${route.path}${language === 'es' ? '?lang=es' : ''}`));
      await expect(pageHeading(page)).toHaveText(copy(route.owner, language, route.heading));
      await expect(
        header(page).getByRole('link', { name: copy('shell', language, 'nav.home') }),
      ).toBeVisible();
      await expect(footer(page)).toContainText(copy('shell', language, 'footer.hours'));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      expect(pageErrors).toEqual([]);
    });
  }
}

test('the language menu switches the shell and the remote together, and back', async ({ page, site }) => {
  await page.goto(site.url('shell', '/'));
  await markDocument(page);
  await chooseLanguage(page, 'es');
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'home.title'));
  await expect(header(page).getByRole('link', { name: 'Inicio' })).toBeVisible();
  await expect(footer(page)).toContainText(copy('shell', 'es', 'footer.description'));
  await expect(page).toHaveURL(/\/\?lang=es$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await chooseLanguage(page, 'en');
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'home.title'));
  await expect(header(page).getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page).toHaveURL(site.url('shell', '/'));
  expect(await isSameDocument(page)).toBe(true);
});

test('switching language replaces the URL instead of adding a history entry', async ({ page, site }) => {
  await page.goto(site.url('shell', '/about'));
  const entries = await page.evaluate(() => window.history.length);
  await chooseLanguage(page, 'es');
  await expect(page).toHaveURL(/\/about\?lang=es$/);
  expect(await page.evaluate(() => window.history.length)).toBe(entries);
});

test('Spanish stays on while navigating, and the URL keeps saying so', async ({ page, site }) => {
  await page.goto(site.url('shell', '/?lang=es'));
  await header(page).getByRole('link', { name: 'Servicios' }).click();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'services.title'));
  await expect(page).toHaveURL(/\/services\?lang=es$/);
});

test('a link inside a remote navigates the shell without reloading the page', async ({ page, site }) => {
  await page.goto(site.url('shell', '/'));
  await markDocument(page);
  await page.getByRole('link', { name: copy('remote-marketing', 'en', 'home.exploreServices') }).click();
  await expect(page).toHaveURL(site.url('shell', '/services'));
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
  await page.goBack();
  await page.getByRole('link', { name: copy('remote-marketing', 'en', 'home.getStarted') }).click();
  await expect(pageHeading(page)).toHaveText(copy('remote-booking', 'en', 'title'));
  expect(await isSameDocument(page)).toBe(true);
});

test('an unknown path shows the 404 page inside the layout, with a way home', async ({ page, site }) => {
  await page.goto(site.url('shell', '/no/such/page'));
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(pageHeading(page)).toHaveText('Page Not Found');
  await expect(page.getByText('does not exist or has been moved')).toBeVisible();
  await expect(header(page)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'home.title'));
});

test('an unknown service redirects to /services, replacing the history entry', async ({ page, site }) => {
  await page.goto(site.url('shell', '/about'));
  await page.evaluate(() => {
    window.history.pushState({}, '', '/services/quantum-marketing');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(site.url('shell', '/services'));
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
  await page.goBack();
  await expect(page).toHaveURL(site.url('shell', '/about'));
});

test('exactly one React, router and i18next are loaded in the composed page', async ({ page, site }) => {
  // Every copy of react-dom registers itself with the React DevTools hook: count them.
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        renderers: new Map(),
        supportsFiber: true,
        inject(renderer: unknown) {
          renderers.push(renderer);
          return renderers.length;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
      __reactRenderers: renderers,
    });
  });
  // Visit a page of every remote so each has had the chance to load its own copies.
  await page.goto(site.url('shell', '/'));
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'home.title'));
  for (const [name, heading] of [
    ['Contact', copy('remote-contact', 'en', 'title')],
    ['Discovery Call', copy('remote-booking', 'en', 'title')],
  ] as const) {
    await header(page).getByRole('link', { name }).click();
    await expect(pageHeading(page)).toHaveText(heading);
  }

  const copies = await page.evaluate(() => {
    interface SharedRecord {
      loaded?: boolean;
      lib?: unknown;
    }
    type ShareScopes = Record<string, Record<string, Record<string, Record<string, SharedRecord>>>>;
    const federation = (window as unknown as { __FEDERATION__: { __SHARE__: ShareScopes } }).__FEDERATION__;
    const loaded: Record<string, Set<string>> = {};
    for (const scopes of Object.values(federation.__SHARE__)) {
      for (const packages of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, record] of Object.entries(versions)) {
            if (record.loaded || record.lib) (loaded[name] ??= new Set()).add(version);
          }
        }
      }
    }
    const renderers = (window as unknown as { __reactRenderers: unknown[] }).__reactRenderers;
    return {
      reactRenderers: renderers.length,
      ...Object.fromEntries(Object.entries(loaded).map(([name, versions]) => [name, versions.size])),
    };
  });
  expect(copies).toMatchObject({
    reactRenderers: 1,
    react: 1,
    'react-dom': 1,
    'shared-router': 1,
    i18next: 1,
    'shared-i18n': 1,
  });
});
