import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from 'build-tools/chromium';
import { requireChromium } from './requireChromium.mjs';
import { serveBothBuilds } from './servers.mjs';
import { writeFileSync } from 'node:fs';

const pages = process.argv[2].split(',');
const runs = Number(process.argv[3] ?? 3);
const which = process.argv[4] ?? 'composed';
const servers = await serveBothBuilds();
try {
  for (const page of pages) {
    for (let i = 0; i < runs; i++) {
      const chrome = await chromeLauncher.launch({ chromePath: requireChromium(), chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS], logLevel: 'silent' });
      try {
        const result = await lighthouse(servers[which] + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const { lhr } = result;
        writeFileSync(`/tmp/lh/${which}${page.replaceAll('/', '_')}-${i}.json`, JSON.stringify(lhr));
        writeFileSync(`/tmp/lh/${which}${page.replaceAll('/', '_')}-${i}.trace.json`, JSON.stringify(result.artifacts.Trace ?? result.artifacts.traces?.defaultPass));
        writeFileSync(`/tmp/lh/${which}${page.replaceAll('/', '_')}-${i}.art.json`, JSON.stringify({ DevtoolsLog: result.artifacts.DevtoolsLog, URL: result.artifacts.URL, GatherContext: result.artifacts.GatherContext, settings: lhr.configSettings }));
        const a = lhr.audits;
        const lt = (a['long-tasks']?.details?.items ?? []).map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)} ${String(t.url).split('/').pop()}`);
        console.log(page, 'score', Math.round(lhr.categories.performance.score * 100), 'LCP', Math.round(a['largest-contentful-paint'].numericValue), 'TBT', Math.round(a['total-blocking-time'].numericValue), 'FCP', Math.round(a['first-contentful-paint'].numericValue), 'TTI', Math.round(a['interactive']?.numericValue ?? 0));
        console.log('   long tasks:', lt.join(' | '));
        const lcpEl = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
        console.log('   lcp el:', lcpEl);
      } finally { chrome.kill(); }
    }
  }
} finally { await servers.close(); }
