/**
 * `npm run bench:booking --workspace bench`: the booking's waits (bookingWaitsRun.mjs) on the site
 * `npm start` serves, run first in another terminal, then `--visitors` code requests within one
 * minute from as many networks (bookingLoadRun.mjs). Prints each device's median and worst figure
 * and the load's, and writes them to results/booking-waits.json.
 */
import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { measureCodeMailsUnderLoad } from './bookingLoadRun.mjs';
import { measureBookingWaits } from './bookingWaitsRun.mjs';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '6' },
    site: { type: 'string', default: 'http://localhost:3000' },
    maildev: { type: 'string', default: 'http://localhost:1080' },
    api: { type: 'string', default: 'http://127.0.0.1:54321' },
    // Code requests within one minute, each from a network of its own; 0 skips the load.
    visitors: { type: 'string', default: '50' },
    out: { type: 'string', default: path.join(import.meta.dirname, '..', 'results', 'booking-waits.json') },
  },
});

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const samples = await measureBookingWaits({
  site: options.site,
  mailDev: options.maildev,
  rounds: Number(options.rounds),
});
/** @type {Record<string, Record<string, { median: number, max: number }>>} */
const summary = {};
for (const [device, figures] of Object.entries(samples)) {
  summary[device] = {};
  for (const [name, values] of Object.entries(figures)) {
    summary[device][name] = { median: Math.round(median(values)), max: Math.round(Math.max(...values)) };
    console.log(
      `${device.padEnd(8)} ${name.padEnd(24)} median ${summary[device][name].median} ms, max ${summary[device][name].max} ms`,
    );
  }
}
/** @type {Record<string, number>} */
let load = {};
if (Number(options.visitors) > 0) {
  load = await measureCodeMailsUnderLoad({
    api: options.api,
    mailDev: options.maildev,
    visitors: Number(options.visitors),
  });
  for (const [name, value] of Object.entries(load))
    console.log(`${options.visitors} visitors in a minute  ${name.padEnd(20)} ${Math.round(value)} ms`);
}
mkdirSync(path.dirname(options.out), { recursive: true });
writeFileSync(
  options.out,
  `${JSON.stringify(
    { measuredAt: new Date().toISOString(), rounds: Number(options.rounds), summary, load, samples },
    null,
    2,
  )}\n`,
);
console.log(`Written to ${options.out}`);
