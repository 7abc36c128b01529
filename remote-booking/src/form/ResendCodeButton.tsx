import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'shared-i18n';
import { NAMESPACE } from '../i18n';

interface ResendCodeButtonProps {
  /** When the database lets the address have another code (ms since the epoch). */
  resendAt: number;
  busy: boolean;
  onResend: () => void;
}

/**
 * "Send a new code", held back until the database would send another (resend_after_seconds),
 * with the seconds left beside it. The countdown is not a live region: it would speak every second.
 */
export function ResendCodeButton({ resendAt, busy, onResend }: ResendCodeButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  const noteId = useId();
  // Keyed by resendAt where it is used, so a new wait starts from the clock, not the last tick.
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (resendAt <= Date.now()) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= resendAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [resendAt]);
  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));
  return (
    <>
      <button
        type="button"
        className="site-button site-button--secondary"
        disabled={busy || secondsLeft > 0}
        aria-describedby={secondsLeft > 0 ? noteId : undefined}
        onClick={onResend}
      >
        {t('codeStep.resend')}
      </button>
      {secondsLeft > 0 && (
        <p id={noteId} className="booking-code__wait">
          {t('codeStep.resendIn', { seconds: secondsLeft })}
        </p>
      )}
    </>
  );
}
