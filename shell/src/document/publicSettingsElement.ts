// The environment's public settings as the page carries them to the browser: a JSON element the
// server writes into every document it sends (rendered pages and the client-rendered page alike),
// read by the browser before anything renders.
import type { PublicSettings } from 'site-config';
import { serializeJsonForScript } from './ssrState';

export const PUBLIC_SETTINGS_ELEMENT_ID = 'shell-public-settings';

/**
 * The public settings and what the shell alone reads of them in the browser: how many page views
 * measure their Web Vitals (absent: none). Handed to site-config whole (it keeps the object it is
 * given), so the element the browser renders again while hydrating is the one the server wrote.
 */
export interface PageSettings extends PublicSettings {
  webVitals?: { sampleRate: number };
}

/** The element, as HTML, for a document the server did not render with React (the client-rendered page). */
export function publicSettingsElementHtml(settings: PageSettings): string {
  return `<script id="${PUBLIC_SETTINGS_ELEMENT_ID}" type="application/json">${serializeJsonForScript(settings)}</script>`;
}

/** The settings the server wrote into this page, or null (a page no server sent: a test). */
export function readPublicSettings(): PageSettings | null {
  const element = document.getElementById(PUBLIC_SETTINGS_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as PageSettings) : null;
}
