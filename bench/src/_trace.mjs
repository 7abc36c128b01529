import { chromium } from 'playwright';
import { serveBothBuilds } from './servers.mjs';
import { requireChromium } from './requireChromium.mjs';

const page0 = process.argv[2] ?? '/';
const which = process.argv[3] ?? 'composed';
const servers = await serveBothBuilds();
const browser = await chromium.launch({ executablePath: requireChromium(), args: ['--no-sandbox'] });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading', transferMode: 'ReportEvents' });
  await page.goto(servers[which] + page0, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  await cdp.send('Tracing.end');
  await done;
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser');
  const rendererPid = events.filter((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url).startsWith(servers[which])).pop()?.pid;
  console.log('pid', rendererPid, events.length);
  const tasks = events.filter((e) => e.name === 'RunTask' && e.pid === rendererPid && e.dur > 4000).sort((a, b) => a.ts - b.ts);
  const t0 = events.filter((e) => e.name === 'ParseHTML' && e.pid === rendererPid)[0].ts;
  console.log('tasks', events.filter((e) => e.name === 'RunTask' && e.pid === rendererPid).length);
  for (const task of tasks) {
    const inside = events.filter((e) => e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < task.ts + task.dur && e.dur && e.name !== 'RunTask');
    const top = inside.filter((e) => ['EvaluateScript', 'FunctionCall', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'v8.compile', 'v8.compileModule', 'TimerFire', 'FireIdleCallback', 'EventDispatch', 'ParseAuthorStyleSheet', 'PrePaint', 'Commit', 'RunMicrotasks', 'v8.evaluateModule', 'FireAnimationFrame', 'XHRReadyStateChange', 'V8.GCScavenger', 'MajorGC', 'MinorGC']
      .includes(e.name)).sort((a, b) => b.dur - a.dur).slice(0, 5)
      .map((e) => `${e.name}${e.args?.data?.url ? ':' + e.args.data.url.split('/').pop() : ''}${e.args?.data?.functionName ? ':' + e.args.data.functionName : ''} ${(e.dur / 1000).toFixed(1)}`);
    console.log(`${((task.ts - t0) / 1000).toFixed(0).padStart(5)} ${(task.dur / 1000).toFixed(1).padStart(6)}ms  ${top.join(' | ')}`);
  }
} finally {
  await browser.close();
  await servers.close();
}
