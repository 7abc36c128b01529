import path from 'node:path';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { APPS } from 'build-tools/apps';
import { REPOSITORY_ROOT } from './site';

type AppDir = (typeof APPS)[number]['dir'];

export interface LoadedFile {
  app: AppDir;
  file: string;
  kind: 'js' | 'css';
  gzipBytes: number;
}

function appOf(url: URL): AppDir | null {
  return APPS.find((app) => String(app.port) === url.port)?.dir ?? null;
}

/**
 * The JavaScript and CSS a first visit to `pathname` downloads before the page's heading shows,
 * in a browser without cache: what a visitor waits for. Sized as gzip at level 9 of what was
 * served, so the figure does not depend on the server's compression.
 */
export async function firstLoadFiles(
  browser: Browser,
  siteUrl: string,
  pathname: string,
): Promise<LoadedFile[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The moment the heading is in the document, taken in the page: anything requested later (the
  // shell preloading likely next pages) is not part of this page's first load.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('main h1')) return;
      (window as unknown as { headingAt: number }).headingAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const bodies = new Map<string, Promise<Buffer | null>>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet')
      bodies.set(
        response.url(),
        response.body().catch(() => null),
      );
  });
  await page.goto(new URL(pathname, siteUrl).href);
  await page.locator('main h1').first().waitFor();
  const requestedBeforeHeading = await page.evaluate(() => {
    const { headingAt } = window as unknown as { headingAt: number };
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= headingAt)
      .map((entry) => entry.name);
  });
  const files: LoadedFile[] = [];
  for (const [address, body] of bodies) {
    const url = new URL(address);
    const app = appOf(url);
    const bytes = await body;
    if (!app || !bytes || !requestedBeforeHeading.includes(address)) continue;
    const kind = path.extname(url.pathname) === '.css' ? 'css' : 'js';
    files.push({
      app,
      file: path.basename(url.pathname),
      kind,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
    });
  }
  await context.close();
  return files;
}

export interface SizeBudget {
  firstLoadJsGzip: number;
  firstLoadCssGzip: number;
}

export function readBudget(app: AppDir): SizeBudget {
  return JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, app, 'size-budget.json'), 'utf8')) as SizeBudget;
}

interface ManifestShared {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

/** Which shared module each built file holds, per app, from the apps' federation manifests. */
export function sharedModuleFiles(): Map<string, { app: AppDir; shared: string }[]> {
  const byFile = new Map<string, { app: AppDir; shared: string }[]>();
  for (const app of APPS) {
    const manifestFile = path.join(REPOSITORY_ROOT, app.dir, 'dist', 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { shared: ManifestShared[] };
    for (const shared of manifest.shared) {
      for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) {
        const key = `${app.dir}/${file}`;
        byFile.set(key, [...(byFile.get(key) ?? []), { app: app.dir, shared: shared.name }]);
      }
    }
  }
  return byFile;
}
