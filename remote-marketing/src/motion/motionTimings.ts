import type { CSSProperties } from 'react';

/** docs/product.md §2: a hero's title, subtitle and actions fade in at these delays. */
export const FADE_IN_DELAYS_MS = [0, 300, 600] as const;

/** docs/product.md §2: each service card reveals this much later than the one before it. */
export const CARD_STAGGER_MS = 100;

/**
 * Props that make an element of a hero fade in as its nth part (see motion.css). `fromVisible`
 * starts the fade from a visible state, for the largest text of a first screen.
 */
export function fadeIn(
  order: 0 | 1 | 2,
  className: string,
  { fromVisible = false } = {},
): { className: string; style: CSSProperties } {
  return {
    className: `${className} marketing-fade-in${fromVisible ? ' marketing-fade-in--from-visible' : ''}`,
    style: { animationDelay: `${FADE_IN_DELAYS_MS[order]}ms` },
  };
}

export function staggerDelay(index: number): CSSProperties {
  return { transitionDelay: `${index * CARD_STAGGER_MS}ms` };
}
