import { Icon, type IconName } from './Icon';
import './IconBadge.css';

/** An icon on a soft tinted tile, as service cards, features and values show them. */
export function IconBadge({ name }: { name: IconName }) {
  return (
    <span className="marketing-icon-badge">
      <Icon name={name} />
    </span>
  );
}
