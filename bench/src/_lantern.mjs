import { readFileSync } from 'node:fs';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
const base = process.argv[2];
const trace = JSON.parse(readFileSync(base + '.trace.json'));
const art = JSON.parse(readFileSync(base + '.art.json'));
const context = { computedCache: new Map() };
const data = { trace, devtoolsLog: art.DevtoolsLog, gatherContext: art.GatherContext, settings: art.settings, URL: art.URL, SourceMaps: [], simulator: null, HostDPR: 1 };
const r = await LanternLargestContentfulPaint.request(data, context);
for (const kind of ['optimistic', 'pessimistic']) {
  const est = r[kind + 'Estimate'];
  console.log(kind, Math.round(est.timeInMs));
  const rows = [...est.nodeTimings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
  for (const [node, t] of rows) console.log('   ', Math.round(t.startTime), Math.round(t.endTime), node.type, node.type === 'network' ? node.request.url.slice(-60) + ' ' + node.request.priority : node.childEvents.filter((e) => e.dur > 1000).map((e) => e.name).slice(0, 4).join(','));
}
