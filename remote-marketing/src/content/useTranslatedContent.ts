import { useTranslation } from 'shared-i18n';
import { NAMESPACE } from '../i18n';

/**
 * Structured copy (a service entry, a list of steps or questions) from this package's
 * translations, in the current language. The JSON's shape is checked against T by
 * translations.test.ts, which is why a cast is enough here.
 */
export function useTranslatedContent<T>(key: string, values?: Record<string, string>): T {
  const { t } = useTranslation(NAMESPACE);
  return t(key, { ...values, returnObjects: true }) as T;
}
