import { isPostgresError } from '../database/Database';
import type { ApiRole } from '../database/Database';

/** An error answered in PostgREST's shape: `{ code, message, details, hint }`. */
export class PostgrestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toJSON() {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** PostgREST's mapping from a Postgres error code to an HTTP status. */
function statusFor(code: string, role: ApiRole): number {
  // A function raising SQLSTATE 'PTxyz' chooses the HTTP status xyz itself (e.g. PT429).
  if (/^PT[1-5][0-9]{2}$/.test(code)) return Number(code.slice(2));
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23505' || code === '23503') return 409;
  if (code === '42P01' || code === '42883') return 404;
  if (code === 'P0001') return 400;
  if (code === '25006') return 405;
  if (code.startsWith('08')) return 503;
  if (code.startsWith('28') || code.startsWith('0L') || code === '0P000') return 403;
  if (/^(09|25|2D|2F|3[89]|3B|40|5[3-8]|F0|HV|P0|XX)/.test(code) || code === '42P17') return 500;
  // Everything else, including 23502 (not null), 23514 (check) and 22xxx (bad data): the client's.
  return 400;
}

export function toPostgrestError(error: unknown, role: ApiRole): PostgrestError {
  if (error instanceof PostgrestError) return error;
  if (isPostgresError(error)) {
    return new PostgrestError(
      statusFor(error.code, role),
      error.code,
      error.message,
      error.detail ?? null,
      error.hint ?? null,
    );
  }
  return new PostgrestError(500, 'PGRST000', error instanceof Error ? error.message : String(error));
}
