import path from 'node:path';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { APPS } from 'build-tools/apps';
import { REPOSITORY_ROOT } from './site';
import performanceMarks from 'shell/performance-marks' with { type: 'json' };

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

/** Set by the shell once the first page is interactive (hydrated, or rendered in the browser). */
export const FIRST_PAGE_INTERACTIVE_MARK = performanceMarks.firstPageInteractive;

/** Waits until the shell has marked the first page interactive (hydrated, or rendered in the browser). */
export async function firstPageInteractive(page: Page): Promise<void> {
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    FIRST_PAGE_INTERACTIVE_MARK,
  );
}

/**
 * The JavaScript and CSS a first visit to `pathname` downloads until the page is interactive
 * (hydrated), in a browser without cache: what a visitor waits for before the page responds. CSS
 * includes the stylesheets the server wrote into the HTML. The
 * server's HTML shows the heading before any script, so the heading no longer marks the end.
 * Sized as gzip at level 9 of what was served, so the figure does not depend on the compression.
 */
export async function firstLoadFiles(
  browser: Browser,
  siteUrl: string,
  pathname: string,
): Promise<LoadedFile[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
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
  // Anything requested after that moment (the shell preloading likely next pages) is not part of
  // this page's first load.
  await firstPageInteractive(page);
  const requestedBeforeInteractive = await page.evaluate((mark) => {
    const interactiveAt = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= interactiveAt)
      .map((entry) => entry.name);
  }, FIRST_PAGE_INTERACTIVE_MARK);
  // Stylesheets the server wrote into the HTML count as their files: the page needs them all the same.
  const writtenIn = await page.evaluate(() =>
    [...document.querySelectorAll('style[data-href]')].map((style) => ({
      address: new URL(style.getAttribute('data-href') ?? '', location.href).href,
      text: style.textContent ?? '',
    })),
  );
  const files: LoadedFile[] = [];
  for (const { address, text } of writtenIn) {
    const url = new URL(address);
    const app = appOf(url);
    if (!app || bodies.has(address)) continue;
    files.push({
      app,
      file: path.basename(url.pathname),
      kind: 'css',
      gzipBytes: gzipSync(Buffer.from(text), { level: 9 }).length,
    });
  }
  for (const [address, body] of bodies) {
    const url = new URL(address);
    const app = appOf(url);
    const bytes = await body;
    if (!app || !bytes || !requestedBeforeInteractive.includes(address)) continue;
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
