import { useNavigation, useRevalidator } from 'shared-router';
import { useTranslation } from 'shared-i18n';
import './NavigationProgress.css';

/**
 * While the router loads the next page (its remote's files, on a slow network), or Retry loads
 * the page again, what is on screen stays and a bar across the top says so.
 */
export function NavigationProgress() {
  const { t } = useTranslation('shell');
  const navigating = useNavigation().state === 'loading';
  const loading = useRevalidator().state === 'loading' || navigating;
  if (!loading) return null;
  return <div className="shell-navigation-progress" role="progressbar" aria-label={t('loading')} />;
}
