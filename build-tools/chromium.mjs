import { existsSync } from 'node:fs';
import { readBuildSettings } from './buildSettings.mjs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** CHROME_PATH when set, else the first Chromium found in the usual places, else null. */
export function chromiumPath() {
  const { chromePath } = readBuildSettings();
  if (chromePath) return existsSync(chromePath) ? chromePath : null;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/** What this machine's headless Chromium needs: no sandbox as root, no background network. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
