import type { ProcessStep } from '../content/serviceEntry';
import './NumberedSteps.css';

/** A process as an ordered list; the number is the step's position (docs/product.md §2). */
export function NumberedSteps({ steps }: { steps: ProcessStep[] }) {
  return (
    <ol className="marketing-steps">
      {steps.map((step, index) => (
        <li key={step.title} className="marketing-steps__step" data-testid="process-step">
          <span className="marketing-steps__number" aria-hidden="true">
            {String(index + 1).padStart(2, '0')}
          </span>
          <h3 className="marketing-steps__title">{step.title}</h3>
          <p className="marketing-steps__description">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
