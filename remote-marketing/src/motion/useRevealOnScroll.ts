import { useEffect, useRef, useState } from 'react';

/** Visitors who ask for less motion, and browsers that cannot observe, see everything at once. */
function showsAtOnce(): boolean {
  if (typeof IntersectionObserver === 'undefined') return true;
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Whether the element behind `ref` has scrolled into view (and stays revealed from then on).
 * Pair it with the `marketing-reveal` class and a `data-revealed` attribute.
 */
export function useRevealOnScroll<T extends Element>() {
  const ref = useRef<T>(null);
  const [revealed, setRevealed] = useState(showsAtOnce);

  useEffect(() => {
    const element = ref.current;
    if (revealed || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setRevealed(true);
      },
      // Starts once the element's top edge is a little way into the viewport.
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [revealed]);

  return { ref, revealed };
}
