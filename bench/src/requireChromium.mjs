import { chromiumPath } from 'build-tools/chromium';

export function requireChromium() {
  const found = chromiumPath();
  if (!found) throw new Error('No Chromium found: set CHROME_PATH or run "apt-get install -y chromium".');
  return found;
}
