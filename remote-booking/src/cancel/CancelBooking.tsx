// The cancel page's card for one token: what the link can do, the call it is for, the button while
// the call can be cancelled, and the ways on that every state offers. Opening it cancels nothing.
import { useTranslation } from 'shared-i18n';
import { EmbeddedJson } from '../embedded/EmbeddedJson';
import { NAMESPACE } from '../i18n';
import { CallTime } from './CallTime';
import { CancelCallButton } from './CancelCallButton';
import { cancellationLookup } from './cancellationLookup';
import { OtherWays } from './OtherWays';
import { useCancellation } from './useCancellation';
import './CancelBooking.css';

export function CancelBooking({ token }: { token: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { status, call, cancelling, cancelFailed, cancel, askAgain, rendered } = useCancellation(token);
  return (
    <div className="booking-cancel__card">
      <div aria-live="polite" data-testid="cancel-status" data-status={status}>
        <h2 className="booking-cancel__heading">{t(`cancel.states.${status}.heading`)}</h2>
        <p className="booking-cancel__text">{t(`cancel.states.${status}.text`)}</p>
      </div>
      {call && <CallTime call={call} />}
      {status === 'open' && (
        <CancelCallButton cancelling={cancelling} failed={cancelFailed} onCancel={cancel} />
      )}
      {status === 'unreadable' && (
        <button type="button" className="site-button site-button--secondary" onClick={askAgain}>
          {t('cancel.askAgain')}
        </button>
      )}
      <OtherWays primary={status !== 'open'} />
      {rendered && <EmbeddedJson id={cancellationLookup.embeddedId} data={rendered} />}
    </div>
  );
}
