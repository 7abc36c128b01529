import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, pageHeading } from '../support/fixtures';
import { copy, REMOTES, ROUTES } from '../support/copy';
import { confirmWithMailedCode, fillBooking, forgetVisitorsEmail } from '../support/bookingForm';
import { contactCopy, fillEnquiry, sendButton } from '../support/contactForm';
import { REPOSITORY_ROOT, type ComposedSite } from '../support/site';
import { startShellProcess } from '../support/shellProcess';
import { securityHeaders } from 'build-tools/securityHeaders';
import { OVERRIDE_CANDIDATE_SOURCE, readSiteOrigins } from 'build-tools/siteOrigins';
import { chooseLanguage } from '../support/languages';

/** Every Content Security Policy violation of the page: its DOM events and its console reports. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** The policy as a map of directive → sources. */
function directives(policy: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? '').split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** The remotes' origins as the built registry names them, read apart from the code under test. */
const registryOrigins = () => {
  const registry = JSON.parse(
    readFileSync(path.join(REPOSITORY_ROOT, 'shell', 'dist', 'remotes.json'), 'utf8'),
  );
  return Object.values(registry.remotes as Record<string, string>).map((url) => new URL(url).origin);
};

/** Books a call in the composed site, through the date picker, and waits for the confirmation. */
async function bookACall(page: Page, site: ComposedSite, url: string) {
  await page.goto(url);
  await fillBooking(page);
  await page.locator('form button[type="submit"]').click();
  await confirmWithMailedCode(page, site, 'en');
  await expect(page.getByTestId('booking-success')).toBeVisible();
}

async function sendAnEnquiry(page: Page, url: string) {
  await page.goto(url);
  await fillEnquiry(page, 'en', {
    name: 'Olivia Bennett',
    email: 'olivia@brightharbor.co',
    company: 'Bright Harbor Co.',
    phone: '+1 (305) 555-0142',
    service: 'Web',
    message: 'We need a new website before our launch in March.',
  });
  await sendButton(page, 'en').click();
  await expect(page.getByRole('heading', { name: contactCopy('en', 'thankYou.title') })).toBeVisible();
}

test('every route, the language menu, the date picker and both forms run under the policy without a violation', async ({
  page,
  site,
}) => {
  await site.startBackend();
  const violations = await recordViolations(page);
  for (const route of ROUTES) {
    await page.goto(site.url('shell', route.path));
    await expect(pageHeading(page)).toHaveText(copy(route.owner, 'en', route.heading));
  }
  await chooseLanguage(page, 'es');
  await expect(pageHeading(page)).toHaveText(copy('remote-contact', 'es', 'title'));
  await forgetVisitorsEmail(site);
  await bookACall(page, site, site.url('shell', '/booking'));
  await sendAnEnquiry(page, site.url('shell', '/contact'));

  expect(violations).toEqual([]);
});

test("under production's policy (a registry without QA overrides) both forms still reach their services", async ({
  page,
  site,
}) => {
  await site.startBackend();
  const production = securityHeaders({
    remoteOrigins: registryOrigins(),
    apiOrigins: readSiteOrigins().apiOrigins,
  });
  expect(production['Content-Security-Policy']).not.toContain(OVERRIDE_CANDIDATE_SOURCE);
  await site.stop('shell');
  await site.start('shell', undefined, production);
  try {
    const violations = await recordViolations(page);
    await forgetVisitorsEmail(site);
    await bookACall(page, site, site.url('shell', '/booking'));
    await sendAnEnquiry(page, site.url('shell', '/contact'));
    expect(violations).toEqual([]);
  } finally {
    await site.stop('shell');
    await site.start('shell');
  }
});

for (const remote of REMOTES) {
  test(`${remote.dir} alone in its harness runs under the policy without a violation`, async ({
    page,
    site,
  }) => {
    const violations = await recordViolations(page);
    await page.goto(site.url(remote.name, remote.path));
    await expect(pageHeading(page)).toHaveText(copy(remote.dir, 'en', remote.heading));
    expect(violations).toEqual([]);
  });
}

test('the policy is enforced: an injected inline script does not run and a foreign origin cannot be reached', async ({
  page,
  site,
}) => {
  const violations = await recordViolations(page);
  await page.goto(site.url('shell', '/'));
  await expect(pageHeading(page)).toBeVisible();

  const injectedRan = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedScriptRan = true;';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { injectedScriptRan?: boolean }).injectedScriptRan === true;
  });
  const foreignFetch = await page.evaluate(() =>
    fetch('https://example.com/collect').then(
      () => 'reached',
      (error: Error) => error.message,
    ),
  );

  expect(injectedRan).toBe(false);
  expect(foreignFetch).toBe('Failed to fetch');
  await expect
    .poll(() => violations)
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^script-src-elem blocked inline/),
        expect.stringMatching(/^connect-src blocked https:\/\/example\.com\/collect/),
      ]),
    );
});

test("the shell's pages and a remote's files carry the security headers, next to CORS and cache headers", async ({
  request,
  site,
}) => {
  const remotes = registryOrigins();
  for (const url of [
    site.url('shell', '/'),
    site.url('shell', '/services/seo'),
    site.url('booking', '/mf-manifest.json'),
    site.url('booking', '/remoteEntry.js'),
  ]) {
    const headers = (await request.get(url)).headers();
    const policy = directives(headers['content-security-policy']);
    // No inline script on any page: scripts come only from the site's own origins.
    expect(policy['script-src'], url).toEqual(["'self'", ...remotes, OVERRIDE_CANDIDATE_SOURCE]);
    expect(policy['connect-src'], url).toEqual([
      "'self'",
      ...remotes,
      OVERRIDE_CANDIDATE_SOURCE,
      'http://localhost:54321',
    ]);
    // Each app's stylesheets are files on its own origin, written into the server-rendered page.
    expect(policy['style-src'], url).toEqual([
      "'self'",
      "'unsafe-inline'",
      ...remotes,
      OVERRIDE_CANDIDATE_SOURCE,
    ]);
    expect(policy['object-src'], url).toEqual(["'none'"]);
    expect(policy['base-uri'], url).toEqual(["'self'"]);
    expect(policy['form-action'], url).toEqual(["'self'"]);
    expect(policy['frame-ancestors'], url).toEqual(["'none'"]);
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], url).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    );
    expect(headers['access-control-allow-origin'], url).toBe('*');
    // A rendered page is revalidated by browsers and kept a while by a CDN; entry files are no-cache.
    expect(headers['cache-control'], url).toBe(
      url.startsWith(site.url('shell'))
        ? 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'
        : 'no-cache',
    );
  }
});

test.describe('the policy follows the configuration', () => {
  let registryFile: string;
  test.beforeEach(() => {
    registryFile = path.join(mkdtempSync(path.join(tmpdir(), 'registry-')), 'remotes.json');
  });
  test.afterEach(() => rmSync(path.dirname(registryFile), { recursive: true, force: true }));

  const writeRegistry = (allowOverrides: boolean) =>
    writeFileSync(
      registryFile,
      JSON.stringify({
        remotes: {
          marketing: 'https://marketing.istmo.example/mf-manifest.json',
          booking: 'https://cdn.istmo.example/booking/v2/mf-manifest.json',
          contact: 'https://contact.istmo.example/mf-manifest.json',
        },
        allowOverrides,
      }),
    );

  test("production's registry and services: code only from its remotes, data only from Supabase and EmailJS", () => {
    writeRegistry(false);
    const origins = readSiteOrigins({
      registryFile,
      env: { SUPABASE_URL: 'https://abcdefgh.supabase.co', EMAILJS_ORIGIN: 'https://api.emailjs.com/' },
    });
    const remotes = [
      'https://marketing.istmo.example',
      'https://cdn.istmo.example',
      'https://contact.istmo.example',
    ];
    expect(origins).toEqual({
      remoteOrigins: remotes,
      apiOrigins: ['https://abcdefgh.supabase.co', 'https://api.emailjs.com'],
    });
    const policy = directives(securityHeaders(origins)['Content-Security-Policy']);
    expect(policy['script-src']).toEqual(["'self'", ...remotes]);
    expect(policy['connect-src']).toEqual([
      "'self'",
      ...remotes,
      'https://abcdefgh.supabase.co',
      'https://api.emailjs.com',
    ]);
  });

  test("the shell's server sends the policy of the environment's registry, not of its build's", async () => {
    writeRegistry(false);
    // The remotes need not answer: every response carries the headers, whatever it renders.
    const shell = await startShellProcess({ SHELL_REGISTRY_FILE: registryFile });
    try {
      const policy = (await fetch(`${shell.url}/robots.txt`)).headers.get('content-security-policy');
      expect(directives(policy ?? undefined)['script-src']).toEqual([
        "'self'",
        'https://marketing.istmo.example',
        'https://cdn.istmo.example',
        'https://contact.istmo.example',
      ]);
    } finally {
      await shell.close();
    }
  });

  test('a registry allowing QA overrides also admits candidate builds on localhost; unset services are the local backend', () => {
    writeRegistry(true);
    expect(readSiteOrigins({ registryFile, env: {} })).toEqual({
      remoteOrigins: [
        'https://marketing.istmo.example',
        'https://cdn.istmo.example',
        'https://contact.istmo.example',
        'http://localhost:*',
      ],
      apiOrigins: ['http://localhost:54321'],
    });
  });
});
