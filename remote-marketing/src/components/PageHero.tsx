import type { ReactNode } from 'react';
import './PageHero.css';

interface PageHeroProps {
  title: string;
  subtitle: string;
  children?: ReactNode;
}

/** The dark opening band of every marketing page; the shell's transparent header sits over it. */
export function PageHero({ title, subtitle, children }: PageHeroProps) {
  return (
    <section className="marketing-hero">
      <div className="marketing-hero__inner site-container">
        <h1 className="marketing-hero__title">{title}</h1>
        <p className="marketing-hero__subtitle">{subtitle}</p>
        {children && <div className="marketing-hero__actions">{children}</div>}
      </div>
    </section>
  );
}
