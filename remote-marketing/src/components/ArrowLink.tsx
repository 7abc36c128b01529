import type { ReactNode } from 'react';
import { Link } from 'shared-router';
import { Icon } from './Icon';
import './ArrowLink.css';

interface ArrowLinkProps {
  to: string;
  children: ReactNode;
  /**
   * Words read after the visible text but not shown, when that text alone ("Learn More") would not
   * say where the link leads: they are part of the link's text, for crawlers and for screen-reader
   * users who list a page's links, and the visible words stay the start of its name.
   */
  hiddenSuffix?: string;
}

/** A text link onward to another page, with an arrow. */
export function ArrowLink({ to, children, hiddenSuffix }: ArrowLinkProps) {
  return (
    <Link to={to} className="marketing-arrow-link">
      {children}
      {hiddenSuffix && <span className="site-visually-hidden">{hiddenSuffix}</span>}
      <Icon name="arrow" size={18} />
    </Link>
  );
}
