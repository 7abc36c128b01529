import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { chromiumPath } from 'build-tools/chromium';

/**
 * The end-to-end tests drive a real Chromium. Use CHROME_PATH, then /usr/bin/chromium; on a fresh
 * Debian machine where we are root, install Debian's chromium; otherwise say exactly what to run.
 */
const found = chromiumPath();
if (found) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log('Chromium not found: installing Debian chromium (apt-get install -y chromium)...');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (chromiumPath()) process.exit(0);
}
console.error(
  [
    'The end-to-end tests need Chromium and none was found.',
    'Install it, e.g. on Debian/Ubuntu:  sudo apt-get install -y chromium',
    'or point CHROME_PATH at an existing Chromium or Chrome binary:  CHROME_PATH=/path/to/chrome npm test',
  ].join('\n'),
);
process.exit(1);
