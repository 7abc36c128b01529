import { submissionReducer, type KeptStep, type SubmissionAction } from './submissionReducer';
import { initialSubmission, type SubmissionState } from './submissionState';

const kept: KeptStep = {
  email: 'ana@tienda.pa',
  attempt: 'a'.repeat(43),
  resendAt: 30_000,
  validUntil: 600_000,
};
const pass = { email: 'ana@tienda.pa', pass: 'pass-1', expiresAt: 1_740_000 };

function after(...actions: SubmissionAction[]): SubmissionState {
  return actions.reduce(submissionReducer, initialSubmission('L'.repeat(43)));
}

test('a send starts submitting with an id made once per filled form, kept across retries', () => {
  const first = after({ type: 'sendStarted', bookingId: 'id-1' });
  expect(first).toMatchObject({ status: 'submitting', bookingId: 'id-1' });
  const retry = submissionReducer(submissionReducer(first, { type: 'refused', status: 'error' }), {
    type: 'sendStarted',
    bookingId: 'id-2',
  });
  expect(retry.bookingId).toBe('id-1');
});

test('a code requested shows the step for its attempt, with nothing typed yet', () => {
  const state = after(
    { type: 'sendStarted', bookingId: 'id-1' },
    { type: 'codeRequested', note: 'sent', ...kept },
  );
  expect(state.status).toBe('idle');
  expect(state.step).toEqual({ ...kept, note: 'sent', code: '', problem: null, waitSeconds: 0 });
});

test('a refused code is said at the step until the visitor types again', () => {
  const refused = after(
    { type: 'codeRequested', note: 'sent', ...kept },
    { type: 'codeTyped', code: '111111' },
    { type: 'codeRefused', refusal: 'refused' },
  );
  expect(refused.step).toMatchObject({ code: '111111', problem: 'refused' });
  expect(submissionReducer(refused, { type: 'codeTyped', code: '2' }).step?.problem).toBeNull();
});

test('a new code asked for too soon keeps the step and its attempt, and says the wait', () => {
  const state = after(
    { type: 'codeRequested', note: 'sent', ...kept },
    { type: 'resendTooSoon', seconds: 12, ...kept, attempt: null, resendAt: 12_000 },
  );
  expect(state.step).toMatchObject({
    attempt: kept.attempt,
    resendAt: 12_000,
    problem: 'resendWait',
    waitSeconds: 12,
  });
});

test('a held pass closes the step and spends the link; it stays after a lost slot until stored', () => {
  const held = after({ type: 'codeRequested', note: 'sent', ...kept }, { type: 'passHeld', pass });
  expect(held).toMatchObject({ step: null, link: null, heldPass: pass });
  const lost = submissionReducer(held, { type: 'slotLost', status: 'slotTaken' });
  expect(lost).toMatchObject({ status: 'slotTaken', heldPass: pass });
  expect(submissionReducer(lost, { type: 'passRefused' }).heldPass).toBeNull();
  expect(submissionReducer(lost, { type: 'stored' })).toEqual({
    ...initialSubmission(null),
    status: 'success',
  });
});

test('a refused link is dropped and said; the next send asks for a code', () => {
  expect(after({ type: 'sendStarted', bookingId: 'id-1' }, { type: 'linkRefused' })).toMatchObject({
    status: 'linkRefused',
    link: null,
  });
});

test('the limits keep the step; a refused field or a closed step closes it', () => {
  const waiting = after({ type: 'codeRequested', note: 'sent', ...kept });
  expect(submissionReducer(waiting, { type: 'refused', status: 'codeLimited' }).step).not.toBeNull();
  expect(submissionReducer(waiting, { type: 'fieldRefused' })).toMatchObject({ status: 'idle', step: null });
  expect(submissionReducer(waiting, { type: 'stepClosed' })).toMatchObject({ status: 'idle', step: null });
});

test("a step kept across a reload comes back, unless one already shows or a mail's link opened the page", () => {
  expect(after({ type: 'stepRestored', step: kept }).step).toBeNull();
  const restored = submissionReducer(initialSubmission(null), { type: 'stepRestored', step: kept });
  expect(restored.step).toMatchObject({ ...kept, note: 'sent', code: '' });
  const other = { ...kept, email: 'otra@tienda.pa' };
  expect(submissionReducer(restored, { type: 'stepRestored', step: other }).step?.email).toBe(kept.email);
});

test('a send that ends with nothing more to say goes back to idle, and leaves a told status alone', () => {
  expect(after({ type: 'sendStarted', bookingId: 'id-1' }, { type: 'sendEnded' }).status).toBe('idle');
  expect(after({ type: 'refused', status: 'limited' }, { type: 'sendEnded' }).status).toBe('limited');
});
