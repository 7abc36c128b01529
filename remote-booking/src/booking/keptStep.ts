/**
 * The code step kept in the tab's sessionStorage, so a visitor who reloads the page can still type
 * the code from the e-mail: the address, the attempt's id (which only this browser holds) and the
 * waits. Browser only: read and written from effects.
 */
import type { KeptStep } from './submissionReducer';

const STORAGE_KEY = 'remote-booking:code-step';

function isKeptStep(value: unknown): value is KeptStep {
  const { email, attempt, resendAt, validUntil } = (value ?? {}) as Record<string, unknown>;
  return (
    typeof email === 'string' &&
    (attempt === null || typeof attempt === 'string') &&
    typeof resendAt === 'number' &&
    typeof validUntil === 'number'
  );
}

/** The step kept before the reload, unless its code has stopped working. */
export function readKeptStep(now: number): KeptStep | null {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    return isKeptStep(kept) && kept.validUntil > now ? kept : null;
  } catch {
    // Storage turned off, or a value not ours: there is nothing to restore.
    return null;
  }
}

/** Keeps the step, or forgets it once it closed (the booking stored, the visitor went back). */
export function keepStep(step: KeptStep | null): void {
  try {
    if (!step) return sessionStorage.removeItem(STORAGE_KEY);
    const { email, attempt, resendAt, validUntil } = step;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ email, attempt, resendAt, validUntil }));
  } catch {
    // Storage turned off or full: the step lasts as long as the page, as it did before.
  }
}
