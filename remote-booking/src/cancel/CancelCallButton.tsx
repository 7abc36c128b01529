// The one control that cancels a call: busy while the database is asked, and offered again with
// an error when that failed. Without JavaScript it cannot work, and says who to write to instead.
import { useTranslation } from 'shared-i18n';
import { NAMESPACE } from '../i18n';

interface CancelCallButtonProps {
  cancelling: boolean;
  failed: boolean;
  onCancel: () => void;
}

export function CancelCallButton({ cancelling, failed, onCancel }: CancelCallButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="booking-cancel__confirm">
      <noscript>
        <p className="site-notice">{t('cancel.noscript')}</p>
      </noscript>
      {failed && (
        <p className="booking-cancel__error" role="alert" data-testid="cancel-failed">
          {t('cancel.failed')}
        </p>
      )}
      <button
        type="button"
        className="site-button booking-cancel__button"
        disabled={cancelling}
        aria-busy={cancelling}
        onClick={onCancel}
      >
        {cancelling ? t('cancel.cancelling') : t('cancel.confirm')}
      </button>
    </div>
  );
}
