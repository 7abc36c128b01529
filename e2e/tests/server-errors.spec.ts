import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { test, expect } from '../support/fixtures';
import { copy, titleOfPage } from '../support/copy';
import { fetchServerHtml } from '../support/serverHtml';
import type { ComposedSite } from '../support/site';
import { startShellProcess } from '../support/shellProcess';
import { everyRemoteLoaded } from '../support/shellStatus';
import { checkRegistryDocument } from 'release-registry/registry-document';
import { chooseLanguage } from '../support/languages';

/** Another shell server on the site's registry, with the operator's settings a test needs. */
async function startShell(site: ComposedSite, env: Record<string, string>) {
  const shell = await startShellProcess({ SHELL_REGISTRY_FILE: site.registryFile, ...env });
  await everyRemoteLoaded(shell.url);
  return shell;
}

/** A counter or histogram count of the shell's Prometheus text, summed over matching series. */
async function metric(site: ComposedSite, name: string, labels: Record<string, string> = {}) {
  const text = await (await fetch(site.url('shell', '/metrics'))).text();
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => wanted.every((pair) => line.includes(pair)))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

test.describe("every error a visitor can reach is the site's page, in the layout and the language", () => {
  const cases = [
    { what: 'a doubled slash', path: '//x/', status: 404, language: 'en' },
    { what: 'a null byte', path: '/services/%00', status: 400, language: 'en' },
    { what: 'a 9,000-character path', path: `/${'a'.repeat(9000)}`, status: 414, language: 'en' },
    // Past Node's 16 KiB of headers the parser refuses it before Fastify: still the site's page.
    { what: 'a 20,000-character path', path: `/${'a'.repeat(20_000)}`, status: 431, language: 'en' },
    { what: 'a broken percent-encoding', path: '/%E0%A4%A?lang=es', status: 400, language: 'es' },
    { what: "a scanner's probe", path: '/wp-login.php?lang=es', status: 404, language: 'es' },
    { what: 'an encoded path traversal', path: '/..%2f..%2fetc%2fpasswd', status: 404, language: 'en' },
  ] as const;
  for (const { what, path: pathname, status, language } of cases) {
    test(`${what} answers ${status}`, async ({ site }) => {
      const html = await fetchServerHtml(site.url('shell', pathname));
      expect(html.status).toBe(status);
      expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(html.lang).toBe(language);
      const key = status === 404 ? 'notFound.title' : `httpStatus.${status === 431 ? 414 : status}.title`;
      expect(html.heading).toBe(copy('shell', language, key));
      // Titled like every other page of the site, in a tab or a search result.
      const titleKey = status === 404 ? 'notFound.metaTitle' : key;
      expect(html.title).toMatch(titleOfPage(copy('shell', language, titleKey)));
      expect(html.document.querySelector('[data-testid="site-header"]')).not.toBeNull();
      expect(html.document.querySelector('[data-testid="site-footer"]')).not.toBeNull();
    });
  }

  test('a form posted to a page answers 405 with the methods it takes; a huge body 413', async ({ site }) => {
    const posted = await fetchServerHtml(site.url('shell', '/contact?lang=es'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    expect(posted.heading).toBe(copy('shell', 'es', 'httpStatus.405.title'));
    const huge = await fetchServerHtml(site.url('shell', '/contact'), {
      method: 'POST',
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(huge.heading).toBe(copy('shell', 'en', 'httpStatus.413.title'));
  });

  test('a missing hashed file stays a plain 404, as a browser fetching an old chunk expects', async ({
    site,
  }) => {
    const response = await fetch(site.url('shell', '/main.0123456789ab.js'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  test('an error page hydrates without a mismatch, and switches language in place', async ({
    site,
    page,
    pageErrors,
  }) => {
    const response = await page.goto(site.url('shell', '/services/%00?lang=es'));
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      copy('shell', 'es', 'httpStatus.400.title'),
    );
    await chooseLanguage(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      copy('shell', 'en', 'httpStatus.400.title'),
    );
    await page
      .getByRole('link', { name: copy('shell', 'en', 'nav.services') })
      .first()
      .click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByTestId('http-status')).toHaveCount(0);
    // The document's own status is reported as a failed load; nothing else may be.
    expect(pageErrors.filter((message) => !/Failed to load resource: .*400/.test(message))).toEqual([]);
  });
});

test.describe('unknown paths cost no render', () => {
  test('the 404 page is rendered once and answered for every unknown path, byte for byte', async ({
    site,
  }) => {
    await site.restart('shell');
    // The 404 is kept per remotes' versions: once they are loaded, the first render is the last.
    await everyRemoteLoaded(site.url('shell'));
    const first = await fetch(site.url('shell', '/no-such-page-1'));
    const firstHtml = await first.text();
    const rendersBefore = await metric(site, 'shell_render_duration_seconds_count');
    const hitsBefore = await metric(site, 'shell_html_cache_lookups_total', { result: 'hit' });
    const others = await Promise.all(
      ['/wp-admin/setup.php', '/no-such-page-2', '/.env'].map((pathname) =>
        fetch(site.url('shell', pathname)),
      ),
    );
    for (const response of others) {
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(firstHtml);
    }
    expect(await metric(site, 'shell_render_duration_seconds_count')).toBe(rendersBefore);
    expect(await metric(site, 'shell_html_cache_lookups_total', { result: 'hit' })).toBe(hitsBefore + 3);
  });

  test('a 404 rendered at one unknown path is the one a fresh server renders at another', async ({
    site,
  }) => {
    // What the cache reuses must not depend on the path: each server renders its first 404 afresh.
    await site.restart('shell');
    const one = await (await fetch(site.url('shell', '/made-up/one?lang=es'))).text();
    await site.restart('shell');
    const another = await (await fetch(site.url('shell', '/another-made-up-path?lang=es'))).text();
    expect(another).toBe(one);
  });
});

test.describe('renders are limited per client; the cache is not', () => {
  test('past its limit a client gets 429 with Retry-After and the site page; others and cached pages do not', async ({
    site,
  }) => {
    const shell = await startShell(site, {
      SHELL_RENDER_LIMIT: '2',
      SHELL_RENDER_LIMIT_WINDOW_SECONDS: '60',
      SHELL_CLIENT_ADDRESS_HEADER: 'X-Forwarded-For',
    });
    try {
      const from = (client: string) => ({ headers: { 'x-forwarded-for': `203.0.113.9, ${client}` } });
      for (const pathname of ['/about', '/services']) {
        expect((await fetchServerHtml(`${shell.url}${pathname}`, from('198.51.100.1'))).status).toBe(200);
      }
      const limited = await fetchServerHtml(`${shell.url}/terms?lang=es`, from('198.51.100.1'));
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.heading).toBe(copy('shell', 'es', 'httpStatus.429.title'));
      expect(limited.lang).toBe('es');
      // A page already rendered costs nothing, so it is never limited.
      expect((await fetchServerHtml(`${shell.url}/about`, from('198.51.100.1'))).status).toBe(200);
      // The address is the proxy's last entry: another visitor behind the same proxy is not limited.
      expect((await fetchServerHtml(`${shell.url}/terms`, from('198.51.100.2'))).status).toBe(200);
    } finally {
      await shell.close();
    }
  });
});

test.describe('an operator can see inside the server', () => {
  test('/metrics counts requests, renders, cache hits and names the live versions', async ({ site }) => {
    await everyRemoteLoaded(site.url('shell'));
    await fetch(site.url('shell', '/about'));
    await fetch(site.url('shell', '/about'));
    const text = await (await fetch(site.url('shell', '/metrics'))).text();
    expect(text).toMatch(/shell_http_request_duration_seconds_count\{route="page",status="200"\} \d+/);
    expect(text).toMatch(/shell_html_cache_lookups_total\{result="hit"\} [1-9]/);
    expect(text).toMatch(/shell_render_duration_seconds_count\{route="page"\} [1-9]/);
    expect(text).toMatch(
      /shell_remote_live_version_info\{remote="marketing",version="http:\/\/localhost:3001\/releases\//,
    );
  });

  test("/metrics is a path like any other to a visitor, unless they bring the operator's token", async ({
    site,
  }) => {
    const throughProxy = await fetchServerHtml(site.url('shell', '/metrics'), {
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(throughProxy.status).toBe(404);
    const shell = await startShell(site, { SHELL_METRICS_TOKEN: 'scrape-me' });
    try {
      const headers = { 'x-forwarded-for': '198.51.100.7', authorization: 'Bearer scrape-me' };
      const scraped = await fetch(`${shell.url}/metrics`, { headers });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('shell_http_request_duration_seconds');
      const wrong = await fetch(`${shell.url}/metrics`, {
        headers: { ...headers, authorization: 'Bearer nope' },
      });
      expect(wrong.status).toBe(404);
    } finally {
      await shell.close();
    }
  });
});

test.describe('production headers', () => {
  test('every answer opens no window to other origins (COOP); plain http sites send no HSTS', async ({
    site,
  }) => {
    const response = await fetch(site.url('shell', '/'));
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  test('an https site sends HSTS, and sends a request its proxy took over http to https', async ({
    site,
  }) => {
    const shell = await startShell(site, {
      SITE_URL: 'https://agency.example',
      SHELL_HTTPS_REDIRECT: 'true',
    });
    try {
      const page = await fetch(`${shell.url}/services?lang=es`, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}; includeSubDomains/);
      const redirected = await fetch(`${shell.url}//elsewhere.example/x?lang=es`, {
        headers: { 'x-forwarded-proto': 'http' },
        redirect: 'manual',
      });
      expect(redirected.status).toBe(308);
      expect(redirected.headers.get('location')).toBe('https://agency.example//elsewhere.example/x?lang=es');
    } finally {
      await shell.close();
    }
  });
});

test('a remote that cannot be loaded when the server starts is in its log, with the reason', async ({
  site,
}) => {
  // The registry names a host where nothing answers for marketing; the other remotes are live.
  const registry = checkRegistryDocument(
    JSON.parse(await readFile(site.registryFile, 'utf8')),
    site.registryFile,
  );
  registry.remotes.marketing = 'http://127.0.0.1:59999/releases/gone/mf-manifest.json';
  const registryFile = path.join(site.releasesDir, 'registry-with-a-dead-host.json');
  await writeFile(registryFile, JSON.stringify(registry));
  const shell = await startShellProcess({ SHELL_REGISTRY_FILE: registryFile });
  try {
    // One line: the remote, what failed and why.
    await expect
      .poll(() => shell.log())
      .toMatch(/"message":"fetch failed[^\n]*ECONNREFUSED[^\n]*"msg":"\[shell\] marketing/);
  } finally {
    await shell.close();
  }
});
