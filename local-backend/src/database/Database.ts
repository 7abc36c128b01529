/** The roles Supabase's API maps its keys to; every API statement runs as one of them. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export type Row = Record<string, unknown>;
export type Query = (sql: string, params?: unknown[]) => Promise<Row[]>;

/**
 * A real Postgres, embedded (PGlite) or a server (DATABASE_URL). API requests go through
 * `asRole`, so Postgres itself enforces the grants and row level security of that role.
 */
export interface Database {
  /** What it is, for the start-up banner: "PGlite at ./.local-data/pglite", "postgres://...". */
  readonly description: string;
  /** Runs `work` in one transaction with `set local role`, committed if it resolves. */
  asRole<T>(role: ApiRole, work: (query: Query) => Promise<T>): Promise<T>;
  /** Runs as the database owner: migrations and the stand-ins' own bookkeeping. */
  query: Query;
  /** Runs a script of several statements as the owner, in one transaction. */
  execScript(sql: string): Promise<void>;
  /**
   * Calls `onNotice` with each NOTIFY payload of `channel` (after its transaction commits), until
   * the answered function is called.
   */
  listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Postgres's own error fields, as both PGlite and node-postgres report them. */
export interface PostgresError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPostgresError(error: unknown): error is PostgresError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as PostgresError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PostgresError).code)
  );
}

export function setRoleStatement(role: ApiRole): string {
  if (!API_ROLES.includes(role)) throw new Error(`Unknown API role ${String(role)}`);
  return `set local role ${role}`;
}
