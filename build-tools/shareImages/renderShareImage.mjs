// Owns how a page's share image looks: the agency's mark and name, the page's title and subtitle,
// drawn with satori and resvg. The shell's server draws them on request (shell/server/shareImages.mjs).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import satori from 'satori';
import { renderAsync } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);

/** The size Open Graph and Twitter's large card expect (1.91:1). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };
const MARGIN = 80;
/** Text blocks get an explicit width: satori wraps a block's text only within one. */
const TEXT_WIDTH = SHARE_IMAGE_SIZE.width - 2 * MARGIN;

/**
 * Inter, the site's font (shared-theme's --site-font), as WOFF: satori reads TTF, OTF and WOFF but
 * not WOFF2. The latin subset holds every Spanish letter and sign (á é í ó ú ü ñ ¿ ¡).
 */
const FONT_WEIGHTS = /** @type {const} */ ([400, 800]);

/** @type {Promise<import('satori').SatoriOptions['fonts']> | undefined} */
let fontsLoaded;
function fonts() {
  fontsLoaded ??= Promise.all(
    FONT_WEIGHTS.map(async (weight) => ({
      name: 'Inter',
      weight,
      style: /** @type {const} */ ('normal'),
      data: await readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
    })),
  );
  return fontsLoaded;
}

/**
 * A satori node: what JSX would make, without a JSX step in the build's own code.
 * @param {string} type
 * @param {Record<string, unknown>} style
 * @param {unknown} [children]
 * @returns {import('react').ReactElement}
 */
function element(type, style, children) {
  return /** @type {import('react').ReactElement} */ ({ type, props: { style, children }, key: null });
}

/** Long titles get a smaller size so that they fit in three lines. @param {string} title */
function titleSize(title) {
  if (title.length <= 24) return 84;
  if (title.length <= 48) return 72;
  return 60;
}

/**
 * @typedef {object} ShareImageText
 * @property {string} title the page's title
 * @property {string} subtitle a sentence under it (clipped to three lines)
 * @property {string} siteName the agency's name, beside its mark
 * @property {Record<string, string>} colours shared-theme's colour tokens (themeTokens.mjs)
 */

/**
 * One page's share image: the agency's mark and name, the title and a subtitle on the site's
 * dark navy, with a teal rule, as a PNG.
 * @param {ShareImageText} text
 * @returns {Promise<Buffer>}
 */
export async function renderShareImage({ title, subtitle, siteName, colours: colour }) {
  const mark = element('div', {
    width: 34,
    height: 34,
    background: colour.accent,
    transform: 'rotate(45deg)',
    marginRight: 28,
  });
  const brand = element(
    'div',
    { position: 'absolute', top: 64, left: MARGIN + 6, display: 'flex', alignItems: 'center' },
    [mark, element('div', { fontSize: 34, fontWeight: 800, color: colour.nightText }, siteName)],
  );
  const words = element('div', { display: 'flex', flexDirection: 'column', marginTop: 72 }, [
    element(
      'div',
      {
        fontSize: titleSize(title),
        fontWeight: 800,
        lineHeight: 1.12,
        letterSpacing: '-0.02em',
        color: colour.surface,
        display: 'block',
        width: TEXT_WIDTH,
        lineClamp: 3,
        // Balanced lines read better; an over-long title is clipped instead, from the start.
        textWrap: title.length <= 64 ? 'balance' : 'wrap',
      },
      title,
    ),
    element('div', { width: 120, height: 8, background: colour.accent, margin: '36px 0 30px' }),
    element(
      'div',
      {
        display: 'block',
        width: TEXT_WIDTH,
        fontSize: 30,
        lineHeight: 1.4,
        color: colour.nightText,
        lineClamp: 3,
      },
      subtitle,
    ),
  ]);
  const svg = await satori(
    element(
      'div',
      {
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        padding: `0 ${MARGIN}px`,
        background: colour.night,
        fontFamily: 'Inter',
      },
      [
        brand,
        words,
        element('div', {
          position: 'absolute',
          left: 0,
          bottom: 0,
          width: '100%',
          height: 12,
          background: colour.accent,
        }),
      ],
    ),
    { ...SHARE_IMAGE_SIZE, fonts: await fonts() },
  );
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return image.asPng();
}
