// `npm run serve --workspace shell` as an operator meets it when the registry cannot be read.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFile } from 'node:child_process';

const START = path.join(import.meta.dirname, 'start.mjs');

test('a shell server whose registry cannot be read at start stops with one line that names the registry and why', async () => {
  const missing = path.join(import.meta.dirname, 'no-such-folder', 'remotes.json');
  const { code, stderr } = await new Promise((resolve) => {
    execFile(
      process.execPath,
      [START],
      { env: { ...process.env, PORT: '0', SHELL_REGISTRY_URL: missing }, timeout: 30_000 },
      (error, _stdout, stderr) => resolve({ code: error?.code, stderr }),
    );
  });
  assert.equal(code, 1);
  assert.equal(stderr.trim().split('\n').length, 1, stderr);
  assert.match(
    stderr,
    /cannot start: the registry .*no-such-folder\/remotes\.json could not be read: ENOENT/,
  );
});
