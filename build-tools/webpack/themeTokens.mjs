import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The site's base stylesheet and mark, where the build reads the agency's look from. */
export const THEME_STYLESHEET = require.resolve('shared-theme/base.css');
export const SITE_ICON = require.resolve('shared-theme/icon.svg');

/**
 * The colour tokens of shared-theme (`--site-night: #0b1020` → `night`), so images made at build
 * time use the same colours as the pages.
 * @returns {Record<string, string>}
 */
export function readThemeColours() {
  const css = readFileSync(THEME_STYLESHEET, 'utf8');
  /** @type {Record<string, string>} */
  const colours = {};
  for (const [, name = '', value = ''] of css.matchAll(/--site-([\w-]+):\s*(#[0-9a-fA-F]{3,8})\s*;/g)) {
    colours[name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase())] = value;
  }
  return colours;
}
