import type { ReactNode } from 'react';
import { fadeIn } from '../motion/motionTimings';
import '../motion/motion.css';
import './PageHero.css';

interface PageHeroProps {
  title: string;
  subtitle: string;
  /** The hero's actions (links). */
  children?: ReactNode;
  /** An illustration beside the text, as service pages show one. */
  illustration?: ReactNode;
}

/**
 * The dark opening band of every marketing page; the shell's transparent header sits over it.
 * Title, subtitle and actions fade in one after the other (docs/product.md §2); title and subtitle,
 * the largest text of the first screen, are painted from the first frame.
 */
export function PageHero({ title, subtitle, children, illustration }: PageHeroProps) {
  return (
    <section
      className={`marketing-hero${illustration ? ' marketing-hero--split' : ''}`}
      data-testid="page-hero"
    >
      <div className="marketing-hero__inner site-container">
        <div>
          <h1 {...fadeIn(0, 'marketing-hero__title', { fromVisible: true })}>{title}</h1>
          <p {...fadeIn(1, 'marketing-hero__subtitle', { fromVisible: true })}>{subtitle}</p>
          {children && <div {...fadeIn(2, 'marketing-hero__actions')}>{children}</div>}
        </div>
        {illustration}
      </div>
    </section>
  );
}
