// What visitors meet while the registry changes: load on shell servers, the home page sampled for
// the "temporarily unavailable" panel, and how soon every server renders the version made live.
import autocannon from 'autocannon';

/** Seconds of load per scenario at least: the change is made one second in, and the load goes on
 * until every server renders what it made live and a second more. */
export const LOAD_SECONDS = 6;
const MAX_LOAD_SECONDS = 300;
/** Connections across the servers under load (split between them). */
export const LOAD_CONNECTIONS = 8;
const PAGES = ['/services', '/about?lang=es', '/services/seo', '/?lang=es', '/privacy', '/terms?lang=es'];
const PANEL = 'data-testid="remote-unavailable"';
const SAMPLE_EVERY_MS = 50;
const READY_WITHIN_MS = 60_000;
/** A page of marketing, booking and contact. */
const PAGE_OF_EACH_REMOTE = ['/', '/booking', '/contact'];

const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Load until stopped: autocannon's instance and its figures.
 * @param {import('autocannon').Options} options
 */
function startLoad(options) {
  /** @type {{ stop: () => void }} */
  let instance = { stop: () => {} };
  /** @type {Promise<any>} */
  const figures = new Promise((resolve, reject) => {
    instance = autocannon({ ...options, duration: MAX_LOAD_SECONDS }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
  return { stop: () => instance.stop(), figures };
}

/** A shell server's status (GET /_shell/status); `gc` collects garbage first (--expose-gc). @returns {Promise<any>} */
export async function shellStatus(/** @type {string} */ shellUrl, gc = false) {
  return (await fetch(`${shellUrl}/_shell/status${gc ? '?gc' : ''}`)).json();
}

/**
 * Whether the server at `shellUrl` renders `remote`'s version at `manifestUrl`: what its
 * `/remotes.json` tells browsers to load (public: a server on another host answers it too).
 */
export async function renders(
  /** @type {string} */ shellUrl,
  /** @type {string} */ remote,
  /** @type {string} */ manifestUrl,
) {
  const registry = await fetch(`${shellUrl}/remotes.json`)
    .then((response) => response.json())
    .catch(() => null);
  return registry?.remotes?.[remote] === manifestUrl;
}

/** Until every server renders `remote`'s version at `manifestUrl`. */
export async function untilEveryServerRenders(
  /** @type {string[]} */ shellUrls,
  /** @type {string} */ remote,
  /** @type {string} */ manifestUrl,
) {
  for (const shellUrl of shellUrls) {
    while (!(await renders(shellUrl, remote, manifestUrl))) await pause(20);
  }
}

/**
 * Until a page of each remote answers 200, as a load balancer's health check would wait (a server
 * just started answers 503 until it has loaded a version of the page's remote).
 */
export async function untilReady(/** @type {string} */ shellUrl) {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    const answers = await Promise.all(
      PAGE_OF_EACH_REMOTE.map((pathname) =>
        fetch(`${shellUrl}${pathname}`).then(
          (response) => response.status,
          () => 0,
        ),
      ),
    );
    if (answers.every((status) => status === 200)) return;
    await pause(100);
  }
  throw new Error(
    `${shellUrl} did not answer 200 for ${PAGE_OF_EACH_REMOTE.join(', ')} within ${READY_WITHIN_MS} ms`,
  );
}

/** Asks each page once, so the figures are of a warm server. */
export async function warm(/** @type {string} */ shellUrl) {
  for (const pathname of PAGES) await fetch(`${shellUrl}${pathname}`);
}

/** The home page of every server, every 50 ms, until stopped: how many samples showed the panel. */
function samplePanels(/** @type {string[]} */ shellUrls) {
  let panels = 0;
  let samples = 0;
  let sampling = true;
  const done = (async () => {
    while (sampling) {
      for (const shellUrl of shellUrls) {
        const html = await fetch(`${shellUrl}/`).then(
          (response) => response.text(),
          () => PANEL,
        );
        samples += 1;
        if (html.includes(PANEL)) panels += 1;
      }
      await pause(SAMPLE_EVERY_MS);
    }
  })();
  return {
    stop: async () => {
      sampling = false;
      await done;
      return `${panels} of ${samples}`;
    },
  };
}

/**
 * @typedef {object} LiveChange what a change made live: the remote's manifest URL, and when the
 *   registry changed (ms, performance.now()'s clock), if earlier than the change's end
 * @property {string} remote
 * @property {string} manifestUrl
 * @property {number} [changedAt]
 */

/**
 * Runs `change` a second into the load on every server (LOAD_SECONDS at least, and until a second
 * after the change is live everywhere); the visitors' figures. `liveAfterSeconds`: from the
 * registry's change to the new version rendered by every server; `changeSeconds`: the change's
 * own time (a release's verification included).
 * @param {string[]} shellUrls
 * @param {() => Promise<LiveChange | null>} change resolves with what it made live (null: nothing)
 */
export async function underLoad(shellUrls, change) {
  const connections = Math.max(1, Math.floor(LOAD_CONNECTIONS / shellUrls.length));
  const requests = PAGES.map((pathname) => ({ method: 'GET', path: pathname }));
  const loads = shellUrls.map((url) => startLoad({ url, connections, requests }));
  const sampler = samplePanels(shellUrls);
  const startedAt = performance.now();
  await pause(1000);
  let outcome = 'done';
  let liveAfterSeconds = null;
  const changeStartedAt = performance.now();
  try {
    const live = await change();
    const changedAt = live?.changedAt ?? performance.now();
    if (live) {
      await untilEveryServerRenders(shellUrls, live.remote, live.manifestUrl);
      liveAfterSeconds = seconds(performance.now() - changedAt);
    }
  } catch (error) {
    outcome = `refused: ${error instanceof Error ? error.message : String(error)}`;
  }
  const changeSeconds = seconds(performance.now() - changeStartedAt);
  await pause(Math.max(1000, LOAD_SECONDS * 1000 - (performance.now() - startedAt)));
  for (const load of loads) load.stop();
  const results = await Promise.all(loads.map((load) => load.figures));
  const panels = await sampler.stop();
  return {
    outcome,
    loadSeconds: seconds(performance.now() - startedAt),
    requests: results.reduce((sum, result) => sum + result.requests.total, 0),
    failedRequests: results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0),
    panels,
    changeSeconds,
    liveAfterSeconds,
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
  };
}

const seconds = (/** @type {number} */ ms) => Math.round(ms) / 1000;
