import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The Observatory's scan of one host, run by observatory.mjs in a process of its own so that
 * NODE_EXTRA_CA_CERTS (read by Node only at start) makes it trust the run's own CA.
 * Usage: node observatoryScan.mjs <package dir> <hostname> <http port> <https port>; prints JSON.
 *
 * This is the package's `scan()` (src/scanner/index.js, 1.4.8) line for line but for one thing: its
 * `scan()` drops its options and always asks ports 80 and 443, so `retrieve()` is called here with
 * the run's ports. Tests, score modifiers, the extra-credit rule and grades are all the package's.
 */
const [packageDir = '', hostname = 'localhost', httpPort, httpsPort] = process.argv.slice(2);
const load = (/** @type {string} */ file) => import(pathToFileURL(path.join(packageDir, 'src', file)).href);
const { retrieve } = await load('retriever/retriever.js');
const { ALL_TESTS, NUM_TESTS, ALGORITHM_VERSION } = await load('constants.js');
const { getGradeForScore, getScoreModifier } = await load('grader/grader.js');
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await load('grader/charts.js');

const requests = await retrieve(hostname, { httpPort, httpsPort });
const status = requests.responses.auto?.status;
// The package refuses to grade a site that is down or answers an error, and so does this.
if (!status || status < 200 || (status >= 400 && ![401, 403].includes(status))) {
  throw new Error(`The site answered ${status ?? 'nothing'}`);
}
/** @type {Array<Record<string, any>>} */
const results = ALL_TESTS.map((/** @type {(r: unknown) => any} */ test) => test(requests));
let withExtraCredit = 100;
let uncurved = 100;
for (const result of results) {
  result.scoreModifier = getScoreModifier(result.result);
  withExtraCredit += result.scoreModifier;
  if (result.scoreModifier < 0) uncurved += result.scoreModifier;
}
// Bonuses count only once the penalties alone leave an A.
const { grade, score } = getGradeForScore(
  uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved,
);
const passed = results.filter((result) => result.pass).length;
console.log(
  JSON.stringify({
    scan: {
      algorithmVersion: ALGORITHM_VERSION,
      grade,
      score,
      statusCode: status,
      testsPassed: passed,
      testsFailed: NUM_TESTS - passed,
      testsQuantity: NUM_TESTS,
      responseHeaders: { ...requests.responses.auto.headers },
    },
    // Each test as the package's CLI prints it (src/scan.js): its outcome and what it saw.
    tests: Object.fromEntries(
      results.map((result) => [result.constructor.name, { ...result, scoreDescription: undefined }]),
    ),
  }),
);
