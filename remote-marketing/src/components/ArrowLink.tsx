import type { ReactNode } from 'react';
import { Link } from 'shared-router';
import { Icon } from './Icon';
import './ArrowLink.css';

interface ArrowLinkProps {
  to: string;
  children: ReactNode;
  /** A fuller name when the visible text alone ("Learn More") would not say where it leads. */
  label?: string;
}

/** A text link onward to another page, with an arrow. */
export function ArrowLink({ to, children, label }: ArrowLinkProps) {
  return (
    <Link to={to} className="marketing-arrow-link" aria-label={label}>
      {children}
      <Icon name="arrow" size={18} />
    </Link>
  );
}
