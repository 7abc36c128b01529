import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** SPEC §8: one message for every way a send can fail; the details go to the console. */
export function SendErrorBanner() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <p className="contact-form__error" role="alert" data-testid="contact-send-error">
      {t('sendError')}
    </p>
  );
}
