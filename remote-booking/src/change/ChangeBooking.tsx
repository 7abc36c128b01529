// The change page's card for one token: what the link can do, the call it is for, the new time's
// picker and button while the call can be moved, the call's old and new time once it was, and
// the ways on that every state offers. Opening it moves nothing.
import { useTranslation } from 'shared-i18n';
import type { ChangeCall } from 'supabase-schema';
import { CallTime } from '../cancel/CallTime';
import { OtherWays } from '../cancel/OtherWays';
import { EmbeddedJson } from '../embedded/EmbeddedJson';
import { NAMESPACE } from '../i18n';
import { changeLookup } from './changeLookup';
import { NewTimeForm } from './NewTimeForm';
import { useChange, type ChangePageStatus } from './useChange';
import '../cancel/CancelBooking.css';
import './ChangeBooking.css';

const NO_CALL_LEFT: readonly ChangePageStatus[] = ['link_unknown', 'cancelled', 'past'];

function LabelledCall({
  label,
  call,
  before = false,
}: {
  label: string;
  call: ChangeCall;
  before?: boolean;
}) {
  return (
    <div className={before ? 'booking-change__call booking-change__call--before' : 'booking-change__call'}>
      <p className="booking-change__label">{label}</p>
      <CallTime call={call} />
    </div>
  );
}

export function ChangeBooking({ token }: { token: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { status, call, movesLeft, movedFrom, moving, refusal, moveFailed, move, askAgain, rendered } =
    useChange(token);
  return (
    <div className="booking-cancel__card">
      <div aria-live="polite" data-testid="change-status" data-status={status}>
        <h2 className="booking-cancel__heading">{t(`change.states.${status}.heading`)}</h2>
        <p className="booking-cancel__text">{t(`change.states.${status}.text`)}</p>
      </div>
      {movedFrom && call && (
        <LabelledCall label={t('change.before')} call={{ ...call, ...movedFrom }} before />
      )}
      {call && <LabelledCall label={movedFrom ? t('change.now') : t('change.currentCall')} call={call} />}
      {status === 'open' && (
        <>
          <p className="booking-cancel__text" data-testid="change-moves-left">
            {t('change.movesLeft', { count: movesLeft })}
          </p>
          <NewTimeForm moving={moving} refusal={refusal} failed={moveFailed} onMove={move} />
        </>
      )}
      {status === 'unreadable' && (
        <button type="button" className="site-button site-button--secondary" onClick={askAgain}>
          {t('change.askAgain')}
        </button>
      )}
      {/* Booking anew is the way on only when there is no call left to move. */}
      <OtherWays primary bookAnother={NO_CALL_LEFT.includes(status)} />
      {rendered && <EmbeddedJson id={changeLookup.embeddedId} data={rendered} />}
    </div>
  );
}
