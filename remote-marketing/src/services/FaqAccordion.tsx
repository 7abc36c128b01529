import { useId, useState, type KeyboardEvent } from 'react';
import type { FaqEntry } from '../content/pageContent';
import { FaqItem } from './FaqItem';
import './FaqAccordion.css';

/** Keys that move focus between the questions (WAI-ARIA accordion pattern, optional keys). */
const FOCUS_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const move = FOCUS_MOVES[event.key];
  const toggles = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('.marketing-faq__toggle')];
  const index = toggles.indexOf(event.target as HTMLButtonElement);
  if (!move || index === -1) return;
  event.preventDefault();
  toggles[move(index, toggles.length)]?.focus();
}

/**
 * docs/product.md §2, the FAQ: one answer open at a time, the first open to begin with, and
 * clicking the open question closes it.
 */
export function FaqAccordion({ entries }: { entries: FaqEntry[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  const id = useId();
  return (
    <div className="marketing-faq" onKeyDown={moveFocus}>
      {entries.map((entry, index) => (
        <FaqItem
          key={entry.question}
          entry={entry}
          id={`${id}-${index}`}
          open={openIndex === index}
          onToggle={() => setOpenIndex(openIndex === index ? null : index)}
        />
      ))}
    </div>
  );
}
