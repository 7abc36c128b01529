// The shell's start (index.ts) imports each shared singleton in a step of its own, so federation's
// negotiation for it and its module's start are a short task each. A singleton the build shares but
// the steps leave out would be negotiated inside the app's step: one long task after first paint.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SINGLETON_REQUESTS } from 'build-tools/sharedSingletons';

/** Started by another step's module, which imports them: no negotiation of their own to split. */
const STARTED_WITH_ANOTHER = new Set(['react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom']);

test('every shared singleton is started in a step of its own', () => {
  const start = readFileSync(new URL('./index.ts', import.meta.url), 'utf8');
  const steps = new Set([...start.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1]));
  const missing = SINGLETON_REQUESTS.filter(
    (request) => !STARTED_WITH_ANOTHER.has(request) && !steps.has(request),
  );
  assert.deepEqual(missing, []);
});
