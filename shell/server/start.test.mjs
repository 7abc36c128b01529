// `npm run serve --workspace shell` as an operator meets it when the registry cannot be read.
import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const START = path.join(import.meta.dirname, 'start.mjs');

test('a shell server whose registry cannot be read at start waits for it, with a line that names the registry and why, and does not exit', async () => {
  const missing = path.join(import.meta.dirname, 'no-such-folder', 'remotes.json');
  const server = spawn(process.execPath, [START], {
    env: {
      ...process.env,
      PORT: '0',
      SHELL_REGISTRY_URL: missing,
      SHELL_REGISTRY_CACHE: path.join(os.tmpdir(), `no-cache-${process.pid}.json`),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let said = '';
  try {
    for await (const line of createInterface({ input: server.stdout })) {
      const { msg } = JSON.parse(line);
      if (!String(msg).includes('waiting for the registry')) continue;
      said = msg;
      break;
    }
    assert.match(said, /no-such-folder\/remotes\.json before serving \(ENOENT.*\): trying again in 1 s/);
    assert.equal(server.exitCode, null);
  } finally {
    server.kill();
    await once(server, 'exit');
  }
});
