import { APPS } from 'build-tools/apps';
import { test, expect } from '../support/fixtures';
import { firstLoadFiles, readBudget, sharedModuleFiles, type LoadedFile } from '../support/firstLoad';

/** One page of each kind and each remote: the first visit a visitor may make. */
const ENTRY_PAGES = ['/', '/services', '/services/seo', '/about', '/booking', '/contact'];

function sum(files: LoadedFile[], app: string, kind: LoadedFile['kind']): number {
  return files
    .filter((file) => file.app === app && file.kind === kind)
    .reduce((total, file) => total + file.gzipBytes, 0);
}

test('each package keeps its first-load JavaScript and CSS within its checked-in budget', async ({
  browser,
  site,
}) => {
  const loads = new Map<string, LoadedFile[]>();
  for (const pathname of ENTRY_PAGES)
    loads.set(pathname, await firstLoadFiles(browser, site.url('shell'), pathname));

  const report: string[] = [];
  for (const app of APPS) {
    const budget = readBudget(app.dir);
    // A package's first load is its heaviest share of any entry page.
    const js = Math.max(...[...loads.values()].map((files) => sum(files, app.dir, 'js')));
    const css = Math.max(...[...loads.values()].map((files) => sum(files, app.dir, 'css')));
    report.push(
      `${app.dir.padEnd(17)} js ${js} / ${budget.firstLoadJsGzip} B gzip, css ${css} / ${budget.firstLoadCssGzip} B`,
    );
    expect
      .soft(js, `${app.dir}: first-load JavaScript (gzip bytes) over budget`)
      .toBeLessThanOrEqual(budget.firstLoadJsGzip);
    expect
      .soft(css, `${app.dir}: first-load CSS (gzip bytes) over budget`)
      .toBeLessThanOrEqual(budget.firstLoadCssGzip);
  }
  for (const [pathname, files] of loads) {
    const total = files.reduce((bytes, file) => bytes + file.gzipBytes, 0);
    report.push(`${pathname.padEnd(17)} ${files.length} files, ${total} B gzip in all`);
  }
  console.log(report.join('\n'));
});

test('the composed page loads exactly one copy of each shared singleton, whichever page comes first', async ({
  browser,
  site,
}) => {
  const sharedFiles = sharedModuleFiles();
  for (const pathname of ENTRY_PAGES) {
    const files = await firstLoadFiles(browser, site.url('shell'), pathname);
    /** shared module → the apps whose copy of it this page downloaded */
    const copies = new Map<string, Set<string>>();
    for (const file of files) {
      for (const { app, shared } of sharedFiles.get(`${file.app}/${file.file}`) ?? []) {
        copies.set(shared, (copies.get(shared) ?? new Set()).add(app));
      }
    }
    for (const shared of ['react', 'react-dom', 'shared-router', 'i18next', 'shared-i18n']) {
      expect.soft([...(copies.get(shared) ?? [])], `${pathname}: copies of ${shared}`).toHaveLength(1);
    }
    const duplicated = [...copies]
      .filter(([, apps]) => apps.size > 1)
      .map(([shared, apps]) => `${shared}: ${[...apps]}`);
    expect.soft(duplicated, `${pathname}: shared modules downloaded twice`).toEqual([]);
  }
});
