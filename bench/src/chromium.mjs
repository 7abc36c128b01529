import { existsSync } from 'node:fs';

/** The flags this machine's headless Chromium needs (no sandbox as root, no background network). */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath() {
  const candidate = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(`No Chromium at ${candidate}: set CHROME_PATH or run "apt-get install -y chromium".`);
  }
  return candidate;
}
