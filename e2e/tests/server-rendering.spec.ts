import { test, expect } from '../support/fixtures';
import { copy } from '../support/copy';
import { SITE_PAGES } from '../support/sitePages';
import { APPS } from 'build-tools/apps';
import { firstLoadFiles, firstPageInteractive } from '../support/firstLoad';
import { fetchServerHtml } from '../support/serverHtml';
import { LANGUAGE_TAGS, LANGUAGES, languageSearch as search, OWN_NAMES } from '../support/languages';

test.describe('what a crawler or a link previewer gets (no script runs)', () => {
  for (const language of LANGUAGES) {
    test(`every page's HTML holds its heading, title, description and language (${language})`, async ({
      site,
    }) => {
      for (const sitePage of SITE_PAGES) {
        const html = await fetchServerHtml(site.url('shell', `${sitePage.path}${search(language)}`));
        const where = `${sitePage.path} (${language})`;
        expect(html.status, where).toBe(sitePage.owner === 'shell' ? 404 : 200);
        expect(html.lang, where).toBe(LANGUAGE_TAGS[language]);
        expect(html.heading, where).toBe(copy(sitePage.owner, language, sitePage.heading));
        expect(html.title, where).toContain(copy(sitePage.owner, language, sitePage.metaTitle));
        if (sitePage.owner !== 'shell') expect(html.description, where).toBeTruthy();
        expect(html.document.querySelector('[data-testid="site-footer"]'), where).not.toBeNull();
      }
    });
  }

  test("the header's language menu is in the HTML: every language by its own name, a link to this page in it", async ({
    site,
  }) => {
    const html = await fetchServerHtml(site.url('shell', '/services?lang=pt&utm_source=news'));
    const menu = html.document.querySelector('[data-testid="language-menu"]');
    expect(menu?.tagName).toBe('DETAILS');
    expect(menu?.hasAttribute('open')).toBe(false);
    const toggle = menu?.querySelector('summary[data-testid="language-toggle"]');
    expect(toggle?.textContent?.trim()).toBe(OWN_NAMES.pt);
    expect(toggle?.getAttribute('aria-label')).toBe(
      copy('shared-i18n', 'pt', 'menuLabel').replace('{{language}}', OWN_NAMES.pt),
    );
    const options = [...(menu?.querySelectorAll('a[data-testid^="language-option-"]') ?? [])];
    // A page kept for every query links to itself with the language only, never another's query.
    expect(
      options.map((option) => ({
        testId: option.getAttribute('data-testid'),
        href: option.getAttribute('href'),
        hreflang: option.getAttribute('hreflang'),
        lang: option.getAttribute('lang'),
        text: option.textContent?.trim(),
        current: option.getAttribute('aria-current'),
      })),
    ).toEqual(
      LANGUAGES.map((language) => ({
        testId: `language-option-${language}`,
        href: `?lang=${language}`,
        hreflang: LANGUAGE_TAGS[language],
        lang: LANGUAGE_TAGS[language],
        text: OWN_NAMES[language],
        current: language === 'pt' ? 'true' : null,
      })),
    );

    // A page whose address carries its token keeps it in each language's link.
    const cancel = await fetchServerHtml(site.url('shell', '/booking/cancel?token=not-a-token&lang=es'));
    expect(cancel.document.querySelector('[data-testid="language-option-pt"]')?.getAttribute('href')).toBe(
      '?token=not-a-token&lang=pt',
    );
  });

  test('the HTML carries the layout and the page stylesheets, so it paints styled before any request', async ({
    site,
  }) => {
    const html = await fetchServerHtml(site.url('shell', '/services'));
    expect(html.document.querySelectorAll('head link[rel="stylesheet"]')).toHaveLength(0);
    const inline = [...html.document.querySelectorAll('head style[data-href]')];
    const hrefs = inline.map(
      (style) => new URL(style.getAttribute('data-href') ?? '', site.url('shell')).href,
    );
    // The shell's first (the page's own rules come after, and win a tie), one file per tag.
    expect(hrefs.findIndex((href) => href.startsWith(site.url('shell')))).toBe(0);
    expect(hrefs.at(-1)?.startsWith(site.url('marketing'))).toBe(true);
    for (const [index, href] of hrefs.entries()) {
      const response = await fetch(href);
      expect(response.status, href).toBe(200);
      expect(response.headers.get('content-type'), href).toContain('text/css');
      expect(inline[index]?.textContent, href).toBe(await response.text());
    }
  });

  test('HTML responses carry cache headers a CDN can use, and an ETag the browser revalidates', async ({
    site,
  }) => {
    const first = await fetchServerHtml(site.url('shell', '/about'));
    expect(first.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    expect(first.headers.get('cache-control')).toMatch(/stale-while-revalidate=\d+/);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(site.url('shell', '/about'), { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
  });
});

test.describe('one wave of requests', () => {
  test('a stylesheet written into the HTML is not fetched again when the page loads', async ({
    page,
    site,
  }) => {
    const stylesheetRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheetRequests.push(request.url());
    });
    await page.goto(site.url('shell', '/contact'));
    await firstPageInteractive(page);
    const inline = await page
      .locator('head style[data-href]')
      .evaluateAll((styles) =>
        styles.map((style) => new URL(style.getAttribute('data-href') ?? '', location.href).href),
      );
    expect(inline.some((href) => href.startsWith(site.url('contact')))).toBe(true);
    for (const href of inline) expect(stylesheetRequests, href).not.toContain(href);
  });

  for (const pathname of ['/', '/services/seo', '/booking', '/contact']) {
    test(`every script ${pathname} runs until it is interactive is named in its HTML, so all are fetched at once`, async ({
      browser,
      site,
    }) => {
      const html = await fetchServerHtml(site.url('shell', pathname));
      // The shell's scripts as React's bootstrap scripts, the page's remote files as preloads.
      const named = [
        ...html.document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
          'script[src][async], link[rel="preload"][as="script"]',
        ),
      ].map((element) => {
        const url = new URL(
          element.getAttribute('src') ?? element.getAttribute('href') ?? '',
          site.url('shell'),
        );
        return `${url.port}/${url.pathname.slice(url.pathname.lastIndexOf('/') + 1)}`;
      });
      const port = (dir: string) => APPS.find((app) => app.dir === dir)?.port;
      const loaded = (await firstLoadFiles(browser, site.url('shell'), pathname))
        .filter((file) => file.kind === 'js')
        .map((file) => `${port(file.app)}/${file.file}`);
      expect(loaded.length).toBeGreaterThan(5);
      // Found only once an earlier script ran, it would be a round trip more before the page responds.
      expect(loaded.filter((file) => !named.includes(file))).toEqual([]);
    });
  }
});

test.describe('HTTP statuses', () => {
  test('an unknown path answers 404 with the 404 page', async ({ site }) => {
    const html = await fetchServerHtml(site.url('shell', '/no-such-page?lang=es'));
    expect(html.status).toBe(404);
    expect(html.heading).toBe(copy('shell', 'es', 'notFound.title'));
  });

  test('an unknown service id is a permanent redirect to /services, keeping the language', async ({
    site,
  }) => {
    const response = await fetch(site.url('shell', '/services/no-such-service?lang=es'), {
      redirect: 'manual',
    });
    expect([301, 308]).toContain(response.status);
    expect(response.headers.get('location')).toBe('/services?lang=es');
  });

  test('/services/content is a permanent redirect to /services/content-marketing', async ({ site }) => {
    const response = await fetch(site.url('shell', '/services/content'), { redirect: 'manual' });
    expect([301, 308]).toContain(response.status);
    expect(response.headers.get('location')).toBe('/services/content-marketing');
  });
});

test.describe('no state crosses requests', () => {
  test('60 concurrent requests in every language each get their own language and page', async ({ site }) => {
    const paths = ['/', '/services', '/contact', '/booking', '/about', '/services/seo'];
    const headingKeys: Record<string, [string, string]> = {
      '/': ['remote-marketing', 'home.title'],
      '/services': ['remote-marketing', 'services.title'],
      '/contact': ['remote-contact', 'title'],
      '/booking': ['remote-booking', 'title'],
      '/about': ['remote-marketing', 'about.title'],
      '/services/seo': ['remote-marketing', 'serviceDetail.seo.title'],
    };
    const requests = Array.from({ length: 60 }, (_, index) => ({
      path: paths[index % paths.length] ?? '/',
      // Each path in every language: the language changes once the paths have all been asked for.
      language: LANGUAGES[Math.floor(index / paths.length) % LANGUAGES.length] ?? 'en',
    }));
    const responses = await Promise.all(
      requests.map(async (request) => ({
        ...request,
        html: await fetchServerHtml(site.url('shell', `${request.path}${search(request.language)}`)),
      })),
    );
    for (const { path, language, html } of responses) {
      const [owner, key] = headingKeys[path] ?? ['', ''];
      expect(html.lang, `${path} ${language}`).toBe(LANGUAGE_TAGS[language]);
      expect(html.heading, `${path} ${language}`).toBe(copy(owner, language, key));
      expect(
        html.document.querySelector('[data-testid="language-toggle"] [lang]')?.getAttribute('lang'),
        `${path} ${language}`,
      ).toBe(LANGUAGE_TAGS[language]);
      expect(
        html.document.querySelector('[data-testid^="language-option-"][aria-current="true"]')?.textContent,
        `${path} ${language}`,
      ).toBe(OWN_NAMES[language]);
    }
  });
});
