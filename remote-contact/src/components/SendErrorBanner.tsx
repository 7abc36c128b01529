import { Trans, useTranslation } from 'shared-i18n';
import { siteConfig, siteEmailHref, sitePhoneHref } from 'site-config';
import { NAMESPACE } from '../i18n';

/**
 * docs/product.md §5: one message for every way a send can fail (the details go to the console),
 * except too many messages in a short time (`limited`), which asks the visitor to wait or write or
 * call.
 */
export function SendErrorBanner({ limited = false }: { limited?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <p className="contact-form__error" role="alert" data-testid="contact-send-error">
      {limited ? (
        <Trans
          t={t}
          i18nKey="sendLimited"
          values={{ email: siteConfig.email, phone: siteConfig.phone }}
          components={{ emailLink: <a href={siteEmailHref()} />, phoneLink: <a href={sitePhoneHref()} /> }}
        />
      ) : (
        t('sendError')
      )}
    </p>
  );
}
