import { useEffect, useState } from 'react';

/** docs/product.md §3: the header turns dark once the page is scrolled more than 50 px. */
export const HEADER_SCROLL_THRESHOLD = 50;

export function useScrolledPast(threshold: number): boolean {
  // Read after the first render: the server, and so hydration, render the page unscrolled.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
