import { useEffect, useState } from 'react';

/** SPEC §9: the header turns dark once the page is scrolled more than 50 px. */
export const HEADER_SCROLL_THRESHOLD = 50;

export function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(() => window.scrollY > threshold);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
