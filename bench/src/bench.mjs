import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { measureWithLighthouse } from './lighthouseRun.mjs';
import { measureNavigation } from './navigationRun.mjs';
import { measureRequestChain } from './requestChainRun.mjs';
import { measurePhoneTrace } from './phoneTraceRun.mjs';
import { INTERACTIONS, measureTapLatencies } from './interactionLatencyRun.mjs';
import { measureFirstMenuTap } from './firstTapRun.mjs';
import { measureServerLoad } from './loadRun.mjs';
import { PAGE_ORIGINS, serveBothBuilds } from './servers.mjs';
import { printTable, summarize } from './report.mjs';
import { judgePhonePages, printPhoneVerdicts } from './phoneVerdict.mjs';
import { firstFramePath } from './firstFrame.mjs';
import { measureBooking, printBooking, startBookingServices } from './bookingWaits.mjs';

/**
 * `npm run bench`: the composed site against a monolith build of the same code, side by side.
 * Every measurement runs in a fresh browser; rounds alternate the builds' order (A B, B A, …) so
 * drift on the machine falls on both; the figures are medians.
 */
const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    pages: { type: 'string', default: '/,/services,/services/web-development,/booking,/contact' },
    presets: { type: 'string', default: 'mobile,desktop' },
    // How Lighthouse's mobile preset is throttled: simulated (its model), applied (devtools), or both.
    'mobile-throttling': { type: 'string', default: 'simulate,devtools' },
    // The first taps on the throttled phone (16 fresh loads a round).
    'skip-interactions': { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    // Seconds of load on the shell's server for each language; 0 skips the load run.
    'load-seconds': { type: 'string', default: '10' },
    // The booking's waits, once the pages are measured: a booking a round on each device, then
    // this many visitors asking for codes within one minute (0: none).
    'skip-booking': { type: 'boolean', default: false },
    'booking-visitors': { type: 'string', default: '50' },
    out: { type: 'string', default: path.join(import.meta.dirname, '..', 'results', 'latest.json') },
  },
});
const rounds = Number(options.rounds);
const pages = options.pages.split(',');
// `--presets ''` runs no Lighthouse: the phone runs, taps, request chains and navigations only.
const presets = /** @type {Array<'mobile' | 'desktop'>} */ (options.presets.split(',').filter(Boolean));
const mobileThrottling = /** @type {Array<'simulate' | 'devtools'>} */ (
  options['mobile-throttling'].split(',')
);
/** Desktop is run as Lighthouse's preset simulates it; mobile as `--mobile-throttling` says. */
const throttlingsOf = (/** @type {'mobile' | 'desktop'} */ preset) =>
  preset === 'mobile' ? mobileThrottling : /** @type {const} */ (['simulate']);
/** Header links from a page of one remote to a page of another. */
const NAVIGATIONS = [
  { from: '/', linkTo: '/contact' },
  { from: '/contact', linkTo: '/services' },
  { from: '/services', linkTo: '/booking' },
];
const BUILDS = /** @type {const} */ (['composed', 'monolith']);
/** Beside the results file: each page's first frame on the phone, from the last round's trace. */
const resultsDirectory = path.dirname(options.out);

if (!options['skip-build']) {
  const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');
  console.log('Building the composed site and the monolith…');
  execSync('npm run build', { cwd: repositoryRoot, stdio: 'inherit' });
  execSync('npm run build:monolith --workspace bench', { cwd: repositoryRoot, stdio: 'inherit' });
}

const services = await startBookingServices(PAGE_ORIGINS);
const site = await serveBothBuilds().catch(async (/** @type {unknown} */ error) => {
  await services.stop();
  throw error;
});
// The last run's frames only, as the results file holds the last run's figures only.
rmSync(path.join(resultsDirectory, 'first-frames'), { recursive: true, force: true });
/** @type {Record<string, Record<string, { composed: number[], monolith: number[] }>>} */
const samples = {};
/** @type {Record<string, string[]>} the last chain seen per build and page, for the JSON report */
const chains = {};
/**
 * @param {string} scenario
 * @param {'composed' | 'monolith'} build
 * @param {Record<string, number>} figures
 */
function record(scenario, build, figures) {
  samples[scenario] ??= {};
  for (const [name, value] of Object.entries(figures)) {
    samples[scenario][name] ??= { composed: [], monolith: [] };
    samples[scenario][name][build].push(value);
  }
}

/** @type {Record<string, number | null>} */
let serverLoad = {};
/** @type {Awaited<ReturnType<typeof measureBooking>> | null} */
let booking = null;
try {
  if (Number(options['load-seconds']) > 0) {
    console.log('The shell server under load…');
    serverLoad = await measureServerLoad({ seconds: Number(options['load-seconds']) });
  }
  console.log('Warm-up (discarded)…');
  for (const build of BUILDS) {
    if (presets.length > 0) await measureWithLighthouse(new URL('/', site[build]).href, 'mobile');
    await measureNavigation(site[build], NAVIGATIONS[0]);
  }
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? BUILDS : [...BUILDS].reverse();
    console.log(`Round ${round + 1}/${rounds} (${order.join(' then ')})`);
    for (const preset of presets) {
      for (const pathname of pages) {
        for (const throttling of throttlingsOf(preset)) {
          const scenario = `${preset} ${pathname}${throttling === 'devtools' ? ' (devtools throttling)' : ''}`;
          for (const build of order) {
            const url = new URL(pathname, site[build]).href;
            record(scenario, build, await measureWithLighthouse(url, preset, throttling));
          }
        }
      }
    }
    for (const pathname of pages) {
      for (const build of order) {
        const url = new URL(pathname, site[build]).href;
        const firstFrameFile = firstFramePath(resultsDirectory, build, pathname);
        record(`phone ${pathname}`, build, await measurePhoneTrace(url, { firstFrameFile }));
        record(`phone ${pathname}`, build, await measureFirstMenuTap(url));
      }
    }
    for (const interaction of options['skip-interactions'] ? [] : INTERACTIONS) {
      for (const build of order) {
        record(
          `tap ${interaction.name} (${interaction.pathname})`,
          build,
          await measureTapLatencies(site[build], interaction),
        );
      }
    }
    for (const pathname of pages) {
      for (const build of order) {
        const { chainLength, chain, firstLoadScriptBytes } = await measureRequestChain(
          new URL(pathname, site[build]).href,
        );
        record(`desktop ${pathname}`, build, { chainLength, firstLoadScriptBytes });
        chains[`${build} ${pathname}`] = chain;
      }
    }
    for (const navigation of NAVIGATIONS) {
      for (const build of order) {
        record(
          `desktop ${navigation.from} → ${navigation.linkTo}`,
          build,
          await measureNavigation(site[build], navigation),
        );
      }
    }
  }
  if (!options['skip-booking']) {
    console.log('The booking…');
    booking = await measureBooking({
      site: site.composed,
      mailDev: services.mailDev,
      rounds,
      visitors: Number(options['booking-visitors']),
    });
  }
} finally {
  await site.close();
  await services.stop();
}

const summary = summarize(samples);
const phoneTargets = judgePhonePages(summary);
printTable(summary);
printPhoneVerdicts(phoneTargets);
console.log('\nThe shell server under load (autocannon, 16 connections, logging as in production):');
for (const [name, value] of Object.entries(serverLoad)) console.log(`  ${name.padEnd(34)} ${value}`);
if (booking) printBooking(booking);
mkdirSync(resultsDirectory, { recursive: true });
writeFileSync(
  options.out,
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
      rounds,
      serverLoad,
      summary: summary.map((row) => ({ ...row, printed: undefined })),
      phoneTargets: phoneTargets.map((verdict) => ({ ...verdict, printed: undefined })),
      samples,
      chains,
      booking,
    },
    null,
    2,
  )}\n`,
);
console.log(
  `\nWritten to ${options.out}; the first frames in ${path.join(resultsDirectory, 'first-frames')}`,
);
