import type { TFunction } from 'i18next';
import type { SectionProps } from './fieldProps';

interface OptionSelectProps {
  control: { id: string; 'aria-describedby'?: string };
  binding: ReturnType<SectionProps['bind']>;
  /** The values the database accepts, in the order docs/product.md §6 lists them. */
  options: readonly string[];
  /** Translation key prefix of the options' labels (e.g. "options.budget"). */
  labels: string;
  t: TFunction;
  /** Options shown but not selectable (a time already booked). */
  isDisabled?: (value: string) => boolean;
}

/** A required choice among fixed values, labelled in the page's language; empty until chosen. */
export function OptionSelect({ control, binding, options, labels, t, isDisabled }: OptionSelectProps) {
  return (
    <select {...control} {...binding} required>
      <option value="">{t('placeholders.select')}</option>
      {options.map((value) => (
        <option key={value} value={value} disabled={isDisabled?.(value)}>
          {/* Values such as "9:00 AM" hold a colon, i18next's namespace separator. */}
          {t(`${labels}.${value}`, { nsSeparator: false })}
        </option>
      ))}
    </select>
  );
}
