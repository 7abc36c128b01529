import { ensureRadicale, RADICALE_MISSING } from 'mailer';

/**
 * The agency-calendar spec talks to a real CalDAV server: Debian's Radicale, installed here on a
 * fresh machine where we are root (as ensureChromium.mjs installs Chromium). Without it that spec
 * is skipped, saying why; the rest of the suite does not need it.
 */
const found = ensureRadicale();
if (found) console.log(`Radicale: ${found}`);
else console.warn(`${RADICALE_MISSING}: the agency-calendar spec will be skipped.`);
