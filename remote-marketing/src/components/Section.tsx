import type { ReactNode } from 'react';
import './Section.css';

interface SectionProps {
  /** Id of the heading that names the section. */
  labelledBy: string;
  /** Sections alternate between the plain and the tinted background. */
  tone?: 'plain' | 'tinted';
  /** Class of the inner container, for the section's own layout. */
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A band of a page below its hero, its content in the site's centred container. */
export function Section({ labelledBy, tone = 'plain', className = '', testId, children }: SectionProps) {
  return (
    <section
      className={`marketing-section marketing-section--${tone}`}
      aria-labelledby={labelledBy}
      data-testid={testId}
    >
      <div className={`site-container ${className}`}>{children}</div>
    </section>
  );
}
