/**
 * Lighthouse runs: one page, one preset (mobile or desktop), its throttling simulated or applied,
 * read as the scores and figures the bench reports.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_FLAGS } from 'build-tools/chromium';
import { requireChromium } from './launchChromium.mjs';

/** Lighthouse's own presets: mobile is its default config (simulated slow 4G, 4x CPU slowdown). */
const PRESETS = { mobile: undefined, desktop: desktopConfig };
/**
 * How the preset's throttling is applied: `simulate` (Lighthouse's default: an unthrottled load,
 * its timings projected onto a slow phone by a model) or `devtools` (the CPU and network slowed
 * in the browser while it loads, with Lighthouse's longer quiet windows).
 * @typedef {'simulate' | 'devtools'} ThrottlingMethod
 */

/**
 * @param {any} lhr
 * @param {string} resourceType
 */
function transferred(lhr, resourceType) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return requests
    .filter((request) => !resourceType || request.resourceType === resourceType)
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
}

/** The categories besides performance that must score 100 on every page (issue 15). */
const CHECKED_CATEGORIES = ['seo', 'best-practices'];

/**
 * The audits that cost a category its points, printed with the page so the figure can be acted on.
 * @param {any} lhr
 * @param {string} url
 */
function reportFailedAudits(lhr, url) {
  for (const id of CHECKED_CATEGORIES) {
    const failed = lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => ref.id);
    if (failed.length) console.log(`  ${id} on ${url}: ${failed.join(', ')}`);
  }
}

/** Runs Lighthouse asks to be run again (a trace it failed to record), tried once more each. */
const ATTEMPTS = 3;

/**
 * One Lighthouse run (performance, SEO, best practices) in a browser of its own (a reused one
 * drifts); a run Lighthouse itself reports as failed (`NO_NAVSTART`…) is run again.
 * @param {string} url
 * @param {'mobile' | 'desktop'} preset
 * @param {ThrottlingMethod} [throttlingMethod]
 * @returns {Promise<Record<string, number>>}
 */
export async function measureWithLighthouse(url, preset, throttlingMethod = 'simulate') {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measureOnce(url, preset, throttlingMethod);
    } catch (error) {
      if (attempt >= ATTEMPTS || !String(error).includes('Lighthouse:')) throw error;
      console.warn(`${url} (${preset}): ${String(error)}; running it again`);
    }
  }
}

/** @param {string} url @param {'mobile' | 'desktop'} preset @param {ThrottlingMethod} throttlingMethod */
async function measureOnce(url, preset, throttlingMethod) {
  const chrome = await chromeLauncher.launch({
    chromePath: requireChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        throttlingMethod,
        onlyCategories: ['performance', ...CHECKED_CATEGORIES],
      },
      PRESETS[preset],
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    reportFailedAudits(lhr, url);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      seoScore: Math.round((lhr.categories.seo.score ?? 0) * 100),
      bestPracticesScore: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      fcpMs: lhr.audits['first-contentful-paint'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      scriptBytes: transferred(lhr, 'Script'),
      totalBytes: transferred(lhr, ''),
      requests: requests.length,
    };
  } finally {
    chrome.kill();
  }
}
