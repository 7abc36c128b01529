import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'shared-i18n';
import { ADDRESS_CODE_PATTERN } from 'supabase-schema';
import type { CodeStep as CodeStepState } from '../booking/submissionState';
import { NAMESPACE } from '../i18n';
import { ResendCodeButton } from './ResendCodeButton';
import { CODE_FIELD_NAME } from './validityMessage';
import './CodeStep.css';

interface CodeStepProps {
  step: CodeStepState;
  busy: boolean;
  /** The id of the step's sentence ("We sent a code to …"), in the form's live region. */
  describedBy: string;
  onCodeChange: (code: string) => void;
  onResend: () => void;
  onChangeEmail: () => void;
}

/**
 * The address step in place of the submit button: the code from the e-mail, "Confirm my call"
 * (the form's submit button while the step shows), a new code, and the way back to the e-mail
 * field. Loaded only when a code was sent. Focus comes to the code field when the step appears,
 * and again after each answer (a refusal, a new code).
 */
export default function CodeStep({
  step,
  busy,
  describedBy,
  onCodeChange,
  onResend,
  onChangeEmail,
}: CodeStepProps) {
  const { t } = useTranslation(NAMESPACE);
  const inputId = useId();
  const problemId = `${inputId}-problem`;
  const input = useRef<HTMLInputElement>(null);
  const { code, problem, note, resendAt } = step;

  useEffect(() => {
    input.current?.focus();
    if (problem) input.current?.select();
  }, [problem, note, resendAt]);

  // The browser's own check says it in the page's language when the form is sent.
  useEffect(() => {
    input.current?.setCustomValidity(
      code === '' ? t('validation.required') : ADDRESS_CODE_PATTERN.test(code) ? '' : t('codeStep.format'),
    );
  }, [code, t]);

  return (
    <div className="booking-code" data-testid="booking-code-step">
      <div className="booking-field">
        <label htmlFor={inputId} className="booking-field__label">
          {t('codeStep.label')}
        </label>
        <input
          ref={input}
          id={inputId}
          name={CODE_FIELD_NAME}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          required
          value={code}
          // A pasted "123 456" (or "123-456") is the code.
          onChange={(event) => onCodeChange(event.currentTarget.value.replace(/[\s-]/g, ''))}
          aria-invalid={problem && problem !== 'resendWait' ? true : undefined}
          aria-describedby={problem ? `${describedBy} ${problemId}` : describedBy}
        />
        {problem && (
          <p id={problemId} className="booking-field__error" role="alert">
            {t(`codeStep.problems.${problem}`, { seconds: step.waitSeconds })}
          </p>
        )}
      </div>
      <div className="booking-code__actions">
        {/* docs/product.md §6: while it sends, the button says so. */}
        <button type="submit" className="site-button site-button--primary" disabled={busy}>
          {busy ? t('submitting') : t('codeStep.confirm')}
        </button>
        <ResendCodeButton key={resendAt} resendAt={resendAt} busy={busy} onResend={onResend} />
        <button type="button" className="booking-code__back" onClick={onChangeEmail} disabled={busy}>
          {t('codeStep.changeEmail')}
        </button>
      </div>
    </div>
  );
}
