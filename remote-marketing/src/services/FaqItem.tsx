import type { FaqEntry } from '../content/pageContent';
import { Icon } from '../components/Icon';

interface FaqItemProps {
  entry: FaqEntry;
  id: string;
  open: boolean;
  onToggle: () => void;
}

/** One question of the accordion: a heading holding the button that shows or hides its answer. */
export function FaqItem({ entry, id, open, onToggle }: FaqItemProps) {
  const buttonId = `${id}-question`;
  const panelId = `${id}-answer`;
  return (
    <div className="marketing-faq__item" data-testid="faq-item">
      <h3 className="marketing-faq__heading">
        <button
          type="button"
          id={buttonId}
          className="marketing-faq__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span>{entry.question}</span>
          <Icon name="chevron" size={22} className="marketing-faq__chevron" />
        </button>
      </h3>
      <div
        id={panelId}
        role="region"
        aria-labelledby={buttonId}
        className="marketing-faq__answer"
        hidden={!open}
      >
        <p>{entry.answer}</p>
      </div>
    </div>
  );
}
