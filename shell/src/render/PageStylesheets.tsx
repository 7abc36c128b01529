// The <link> or <style> of each stylesheet a page needs, in <head>.
import type { Stylesheet } from './stylesheetTexts';

/**
 * A stylesheet up to this size is written into the HTML; a larger one (or one whose text the
 * server could not read) is linked. Every stylesheet of the site is well under it today (the
 * largest, the booking page's, is 17 KB); the limit keeps a page's HTML from growing unchecked.
 */
export const INLINE_STYLESHEET_MAX_CHARS = 24_000;

/**
 * The page's stylesheets, in order: the shell's, then the page's. Written into the HTML, they cost
 * no request before the first paint (a linked stylesheet blocks rendering until it has arrived,
 * from another origin for a remote's). Each is its own React resource: a precedence of its own
 * gives it its own tag, whose `data-href` is its URL alone, which is how the apps' CSS loaders
 * (mini-css-extract) find a stylesheet already in the page instead of fetching it again.
 */
export function PageStylesheets({ stylesheets }: { stylesheets: readonly Stylesheet[] }) {
  return stylesheets.map(({ href, text }) =>
    text !== null && text.length <= INLINE_STYLESHEET_MAX_CHARS ? (
      <style key={href} href={href} precedence={href}>
        {text}
      </style>
    ) : (
      <link key={href} rel="stylesheet" href={href} precedence={href} />
    ),
  );
}
