// Owns how the bench starts Chromium: the machine's own browser, found once, with the project's
// flags, a new one for every measurement (a reused browser drifts).
import { chromium } from 'playwright-core';
import { chromiumPath, CHROMIUM_FLAGS } from 'build-tools/chromium';

export function requireChromium() {
  const found = chromiumPath();
  if (!found) throw new Error('No Chromium found: set CHROME_PATH or run "apt-get install -y chromium".');
  return found;
}

/** A new Chromium with the project's flags. */
export function launchChromium() {
  return chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_FLAGS });
}
