import { chromium } from 'playwright';
import { serveBothBuilds } from './servers.mjs';
import { requireChromium } from './requireChromium.mjs';
import { writeFileSync } from 'node:fs';

const page0 = process.argv[2] ?? '/';
const servers = await serveBothBuilds();
const browser = await chromium.launch({ executablePath: requireChromium(), args: ['--no-sandbox'] });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  await page.goto(servers.composed + page0, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync('/tmp/prof.cpuprofile', JSON.stringify(profile));
  // self time per function
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dts = profile.timeDeltas;
  profile.samples.forEach((id, i) => { const n = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`; self.set(k, (self.get(k) ?? 0) + (dts[i] ?? 0)); });
  const perUrl = new Map();
  for (const [k, v] of self) { const u = k.split(' ')[1].split(':')[0]; perUrl.set(u, (perUrl.get(u) ?? 0) + v); }
  console.log([...perUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${(v / 1000).toFixed(1)} ${k}`).join('\n'));
  console.log('---');
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${(v / 1000).toFixed(1)} ${k}`).join('\n'));
} finally {
  await browser.close();
  await servers.close();
}
