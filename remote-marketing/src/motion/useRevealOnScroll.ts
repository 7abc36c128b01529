import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Visitors who ask for less motion, and browsers that cannot observe, see everything at once. */
function showsAtOnce(): boolean {
  if (typeof IntersectionObserver === 'undefined') return true;
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

function subscribeToMotionPreference(onChange: () => void): () => void {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/**
 * The server renders, and so hydration starts from, the element not yet revealed: the stylesheet
 * hides it only where scripts run (`scripting: enabled`), so without JavaScript it is visible.
 */
const serverShowsAtOnce = () => false;

/**
 * Whether the element behind `ref` has scrolled into view (and stays revealed from then on).
 * Pair it with the `marketing-reveal` class and a `data-revealed` attribute.
 */
export function useRevealOnScroll<T extends Element>() {
  const ref = useRef<T>(null);
  const atOnce = useSyncExternalStore(subscribeToMotionPreference, showsAtOnce, serverShowsAtOnce);
  const [scrolledIntoView, setScrolledIntoView] = useState(false);
  const revealed = atOnce || scrolledIntoView;

  useEffect(() => {
    const element = ref.current;
    if (revealed || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setScrolledIntoView(true);
      },
      // Starts once the element's top edge is a little way into the viewport.
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [revealed]);

  return { ref, revealed };
}
