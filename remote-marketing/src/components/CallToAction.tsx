import { useId, type ReactNode } from 'react';
import { Section } from './Section';
import './CallToAction.css';

interface CallToActionProps {
  title: string;
  text: string;
  /** The links, the first one styled as the main action (class marketing-cta__primary). */
  children: ReactNode;
}

/** The closing invitation of a page: a bright panel that stands apart from the dark footer. */
export function CallToAction({ title, text, children }: CallToActionProps) {
  const titleId = useId();
  return (
    <Section labelledBy={titleId} testId="call-to-action">
      <div className="marketing-cta">
        <h2 id={titleId} className="marketing-cta__title">
          {title}
        </h2>
        <p className="marketing-cta__text">{text}</p>
        <div className="marketing-cta__actions">{children}</div>
      </div>
    </Section>
  );
}
