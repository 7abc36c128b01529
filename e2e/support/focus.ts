import type { Page } from '@playwright/test';

/** Where the focused element is and whether a visitor can see that it has focus. */
export interface FocusedElement {
  name: string;
  inHeader: boolean;
  inMain: boolean;
  /** An outline or a box-shadow is drawn around it. */
  hasRing: boolean;
  /** The fixed header is drawn over the element's top edge. */
  underHeader: boolean;
  top: number;
  bottom: number;
  headerBottom: number;
  viewportHeight: number;
}

export function focusedElement(page: Page): Promise<FocusedElement | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const header = document.querySelector('[data-testid="site-header"]');
    const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
    // The skip link is drawn above the header on purpose, so ask what is on top, not just where.
    const onTopEdge = document.elementFromPoint(rect.left + rect.width / 2, rect.top + 1);
    return {
      name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60),
      inHeader: Boolean(header?.contains(element)),
      inMain: Boolean(element.closest('main')),
      hasRing:
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none',
      underHeader: rect.top < headerBottom && !element.contains(onTopEdge),
      top: rect.top,
      bottom: rect.bottom,
      headerBottom,
      viewportHeight: window.innerHeight,
    };
  });
}

/** Why a focused element cannot be seen well, or nothing when it can. */
export function focusProblems(element: FocusedElement): string[] {
  const problems: string[] = [];
  if (!element.hasRing) problems.push(`"${element.name}" has no focus ring`);
  if (!element.inHeader && element.underHeader)
    problems.push(
      `"${element.name}" is under the fixed header (top ${element.top} < ${element.headerBottom})`,
    );
  // Half a pixel of rounding is not a hidden element.
  if (element.bottom > element.viewportHeight + 0.5)
    problems.push(
      `"${element.name}" runs below the viewport (bottom ${element.bottom} > ${element.viewportHeight})`,
    );
  return problems;
}
