import { useTranslation } from 'shared-i18n';
import type { IconName } from '../components/Icon';
import { IconBadge } from '../components/IconBadge';
import { NAMESPACE } from '../i18n';
import './HighlightGrid.css';

interface HighlightGridProps {
  items: ReadonlyArray<{ key: string; icon: IconName }>;
  /** Where the items' copy lives: `${keyPrefix}.${key}.title` and `.text`. */
  keyPrefix: string;
  /** Columns on a wide screen: four features in a row, six values in two rows of three. */
  columns: 3 | 4;
  testId: string;
}

/** A grid of titled items with an icon each: the Our Story features, the values. */
export function HighlightGrid({ items, keyPrefix, columns, testId }: HighlightGridProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ul className={`marketing-highlights marketing-highlights--${columns}`}>
      {items.map(({ key, icon }) => (
        <li key={key} className="marketing-highlights__item" data-testid={testId}>
          <IconBadge name={icon} />
          <h3 className="marketing-highlights__title">{t(`${keyPrefix}.${key}.title`)}</h3>
          <p className="marketing-highlights__text">{t(`${keyPrefix}.${key}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}
