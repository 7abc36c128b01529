import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import webpack from 'webpack';
import { renderAsync } from '@resvg/resvg-js';
import pngToIco from 'png-to-ico';
import { readThemeColours, SITE_ICON, THEME_STYLESHEET } from './themeTokens.mjs';

/**
 * The site's icons at the root of the host's build, where browsers and crawlers ask for them
 * (`/favicon.ico` with no link at all). Fixed names: they are revalidated on every use.
 */
export const SITE_ICON_FILES = {
  favicon: 'favicon.ico',
  svg: 'icon.svg',
  appleTouch: 'apple-touch-icon.png',
  manifest: 'site.webmanifest',
  /** @type {Record<number, string>} */
  app: { 192: 'icon-192.png', 512: 'icon-512.png' },
};

/**
 * `/favicon.ico`'s type on the static hosts and the dev servers: `image/x-icon`, which every browser
 * and crawler knows (the mime database's IANA name, `image/vnd.microsoft.icon`, is not known to all).
 */
export const ICON_CONTENT_TYPE = 'image/x-icon';

/** The links a page needs for them, in the order browsers pick them. */
export const SITE_ICON_LINKS = [
  { rel: 'icon', href: `/${SITE_ICON_FILES.favicon}`, sizes: '48x48' },
  { rel: 'icon', href: `/${SITE_ICON_FILES.svg}`, type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: `/${SITE_ICON_FILES.appleTouch}` },
  { rel: 'manifest', href: `/${SITE_ICON_FILES.manifest}` },
];

/** @param {string} svg @param {number} size */
async function png(svg, size) {
  const image = await renderAsync(svg, { fitTo: { mode: 'width', value: size } });
  return image.asPng();
}

/**
 * The mark centred on a square of the theme's navy, for home screens: iOS fills transparency with
 * black and rounds the corners itself, and the 60% mark stays inside Android's maskable safe zone.
 * @param {string} svg @param {string} background
 */
function onBackground(svg, background) {
  const mark = svg.replace(/<svg\b/, '<svg x="20" y="20" width="60" height="60"');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="${background}"/>${mark}</svg>`;
}

/**
 * Emits, from shared-theme's one `icon.svg`: that SVG, `favicon.ico` (16, 32 and 48 px),
 * `apple-touch-icon.png` (180 px), the web app manifest's 192 and 512 px icons and the manifest
 * itself (colours from shared-theme; no name: the shell's server adds the environment's,
 * shell/server/siteManifest.mjs). The host's browser build uses it.
 */
export class SiteIconsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(SiteIconsPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: SiteIconsPlugin.name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          compilation.fileDependencies.add(SITE_ICON);
          compilation.fileDependencies.add(THEME_STYLESHEET);
          for (const [file, content] of Object.entries(await this.files())) {
            compilation.emitAsset(file, new webpack.sources.RawSource(content));
          }
        },
      );
    });
  }

  /** @returns {Promise<Record<string, Buffer | string>>} */
  async files() {
    const svg = await readFile(SITE_ICON, 'utf8');
    const colours = readThemeColours();
    const night = colours.night ?? '#0b1020';
    const onNight = onBackground(svg, night);
    const favicon = await pngToIco(await Promise.all([16, 32, 48].map((size) => png(svg, size))));
    const appIcons = await Promise.all(
      Object.entries(SITE_ICON_FILES.app).map(async ([size, file]) => [
        file,
        await png(onNight, Number(size)),
      ]),
    );
    const manifest = {
      start_url: '/',
      scope: '/',
      display: 'browser',
      theme_color: night,
      background_color: colours.surface ?? '#ffffff',
      icons: [
        ...Object.entries(SITE_ICON_FILES.app).map(([size, file]) => ({
          src: `/${file}`,
          sizes: `${size}x${size}`,
          type: 'image/png',
        })),
        { src: `/${SITE_ICON_FILES.svg}`, sizes: 'any', type: 'image/svg+xml' },
      ],
    };
    return {
      [SITE_ICON_FILES.svg]: svg,
      [SITE_ICON_FILES.favicon]: favicon,
      [SITE_ICON_FILES.appleTouch]: await png(onNight, 180),
      ...Object.fromEntries(appIcons),
      [SITE_ICON_FILES.manifest]: `${JSON.stringify(manifest, null, 2)}\n`,
    };
  }
}

/**
 * The icon link of a page without the icon files (a remote's harness, on its own origin): the
 * same mark, inline.
 */
export function inlineIconLinks() {
  const svg = readFileSync(SITE_ICON, 'utf8');
  return [{ rel: 'icon', href: `data:image/svg+xml,${encodeURIComponent(svg)}`, type: 'image/svg+xml' }];
}
