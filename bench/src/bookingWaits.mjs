/**
 * The booking's part of `npm run bench`: the local services started as `npm start` starts them, on a
 * database of their own in a temporary folder; the booking's waits (bookingWaitsRun.mjs) on the
 * composed site, then `visitors` code requests within one minute from as many networks
 * (bookingLoadRun.mjs): each device's median and worst figure, the load's, and each target met or not.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { startLocalServices } from '../../scripts/localServices.mjs';
import { measureCodeMailsUnderLoad } from './bookingLoadRun.mjs';
import { measureBookingWaits } from './bookingWaitsRun.mjs';

/** The local backend's API, as the builds name it (local-backend's default port). */
const API = 'http://127.0.0.1:54321';

/** Medians over the rounds, in ms, and the load's p95: the targets a person should not notice. */
const TARGETS = [
  { device: 'desktop', figure: 'sendToCodeMailMs', atMost: 1000 },
  { device: 'phone', figure: 'sendToCodeMailMs', atMost: 1500 },
  { device: 'desktop', figure: 'codeToConfirmationMs', atMost: 1200 },
  { device: 'phone', figure: 'codeToConfirmationMs', atMost: 1200 },
  { device: 'load', figure: 'codeMailP95Ms', atMost: 3000 },
];

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** @param {Record<string, Record<string, number[]>>} samples */
function summarize(samples) {
  /** @type {Record<string, Record<string, { median: number, max: number }>>} */
  const summary = {};
  for (const [device, figures] of Object.entries(samples)) {
    summary[device] = {};
    for (const [name, values] of Object.entries(figures))
      summary[device][name] = { median: Math.round(median(values)), max: Math.round(Math.max(...values)) };
  }
  return summary;
}

/**
 * The local services on a database of their own, for the whole run: /booking reads its
 * availability from the backend on both builds, as a visitor's page does.
 * @param {string[]} origins the origins whose pages call the API (both builds')
 */
export async function startBookingServices(origins) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-booking-'));
  const services = await startLocalServices({
    env: {
      ...process.env,
      LOCAL_BACKEND_DATA_DIR: dataDir,
      LOCAL_BACKEND_ALLOWED_ORIGINS: origins.join(','),
    },
    waitUntilReady: true,
    log: () => {},
  });
  const stop = async () => {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (!services.mailDevUrl) {
    await stop();
    throw new Error('the booking waits read their own MailDev: free ports 1025 and 1080');
  }
  return { mailDev: services.mailDevUrl, stop };
}

/**
 * @param {{ site: string, mailDev: string, rounds: number, visitors: number }} options
 *   site: the composed site's origin; visitors: 0 skips the load.
 */
export async function measureBooking({ site, mailDev, rounds, visitors }) {
  const samples = await measureBookingWaits({ site, mailDev, rounds });
  const load =
    visitors > 0
      ? await measureCodeMailsUnderLoad({ api: API, mailDev, visitors })
      : /** @type {Record<string, number>} */ ({});
  const summary = summarize(samples);
  const targets = TARGETS.map((target) => {
    const value =
      target.device === 'load' ? load[target.figure] : summary[target.device]?.[target.figure]?.median;
    return { ...target, value: value ?? null, met: value === undefined ? null : value <= target.atMost };
  });
  return { rounds, visitors, summary, load, targets, samples };
}

/** @param {Awaited<ReturnType<typeof measureBooking>>} booking */
export function printBooking(booking) {
  console.log('\nThe booking (median and worst over the rounds; MailDev read every 50 ms):');
  for (const [device, figures] of Object.entries(booking.summary))
    for (const [name, { median: middle, max }] of Object.entries(figures))
      console.log(`  ${device.padEnd(8)} ${name.padEnd(24)} median ${middle} ms, max ${max} ms`);
  for (const [name, value] of Object.entries(booking.load))
    console.log(`  ${booking.visitors} visitors in a minute  ${name.padEnd(20)} ${Math.round(value)} ms`);
  for (const { device, figure, atMost, value, met } of booking.targets)
    console.log(
      `  ${met === null ? 'NOT MEASURED' : met ? 'MET' : 'MISSED'}  ${device} ${figure} ${value ?? '-'} ms (≤ ${atMost} ms)`,
    );
}
