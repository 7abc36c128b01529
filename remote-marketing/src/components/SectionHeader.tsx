import './Section.css';
import './SectionHeader.css';

interface SectionHeaderProps {
  id: string;
  title: string;
  subtitle?: string;
}

/** The centred heading that opens a page section. */
export function SectionHeader({ id, title, subtitle }: SectionHeaderProps) {
  return (
    <header className="marketing-section-header">
      <h2 id={id} className="marketing-section-header__title">
        {title}
      </h2>
      {subtitle && <p className="marketing-section-header__subtitle">{subtitle}</p>}
    </header>
  );
}
