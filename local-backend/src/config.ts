import path from 'node:path';
import type { ApiRole } from './database/Database';
import { DEFAULT_LOCAL_DATA_DIR } from './database/openDatabase';

/**
 * The local backend's settings, read once from the environment. The keys below are for this
 * local stand-in only: they are published in docs/backend.md and valid nowhere else.
 */
export const LOCAL_API_KEYS: Record<string, ApiRole> = {
  sb_publishable_local_only_anon_key_7f3a9c2e: 'anon',
  sb_secret_local_only_service_role_key_4d81be60: 'service_role',
};

export const LOCAL_ANON_KEY = 'sb_publishable_local_only_anon_key_7f3a9c2e';
export const LOCAL_SERVICE_ROLE_KEY = 'sb_secret_local_only_service_role_key_4d81be60';

export interface EmailJsAccount {
  publicKey: string;
  serviceId: string;
  templateId: string;
}

export interface LocalBackendConfig {
  port: number;
  /** Origins allowed to call the API from a browser (the shell and the remotes). */
  allowedOrigins: string[];
  emailJs: EmailJsAccount;
  /** Requests with a larger body are refused with 413. */
  maxBodyBytes: number;
  /**
   * false (the default): on start, the backend raises the per-address, per-network and site-wide booking
   * limits in private.booking_limits to LOCAL_BOOKING_CEILINGS, because here every visitor,
   * browser and test is 127.0.0.1; the per-e-mail limit stays as in production. true
   * (LOCAL_BACKEND_PRODUCTION_LIMITS=1): it leaves the table as the database holds it, which on a
   * new database is the production values the migration seeds, to try the limits by hand (a
   * persisted database that already ran with the ceilings keeps them: start from a new one,
   * e.g. remove .local-data/pglite).
   */
  keepProductionBookingLimits: boolean;
  /**
   * How often the backend deletes the abuse limits' log rows older than the longest limit window
   * (private.prune_booking_requests(), which pg_cron runs every 15 minutes on hosted Supabase; a
   * local Postgres has no pg_cron). It also prunes once on start.
   */
  pruneBookingRequestsEveryMs: number;
}

/** The local stand-in for the migration's pg_cron job: the same 15 minutes. */
export const PRUNE_BOOKING_REQUESTS_EVERY_MS = 15 * 60 * 1000;

/**
 * The local per-address and site-wide ceilings: far above what a full test run sends (hundreds
 * of bookings an hour from 127.0.0.1, each with its own e-mail), so only the per-e-mail limit,
 * kept at its production value, is met locally.
 */
export const LOCAL_BOOKING_CEILINGS = {
  per_address: { maxBookings: 100_000, per: '01:00:00' },
  per_network: { maxBookings: 100_000, per: '01:00:00' },
  site_wide: { maxBookings: 100_000, per: '00:01:00' },
} as const;

/**
 * The same for the address step's limits that count a network (private.booking_settings): the
 * challenge's, code mails to different mailboxes, code checks, and the proof's rising difficulty,
 * which here would count every browser and test as one network. The per-mailbox limits, the
 * ceiling and the site-wide hard stop stay as in production.
 */
export const LOCAL_ADDRESS_STEP_CEILINGS = {
  challenges_per_address: 100_000,
  challenges_site_wide: 100_000,
  network_code_mails_per_hour: 1000,
  code_checks_per_network_per_hour: 10_000,
  proof_doubling_requests: 100,
  proof_max_doublings: 0,
} as const;

/**
 * Where the database finds the client address here: this server is the one proxy in front of the
 * API and appends the connecting socket's address to X-Forwarded-For (createLocalBackend.ts), so
 * the address is the last entry. Set on every start (hosted Supabase's values: docs/backend.md).
 */
export const LOCAL_GATEWAY = { clientAddressHeader: 'x-forwarded-for', trustedProxies: 1 } as const;

const env = process.env;

export const DEFAULT_EMAILJS_ACCOUNT: EmailJsAccount = {
  publicKey: 'local_emailjs_public_key',
  serviceId: 'service_local',
  templateId: 'template_contact',
};

export function configFromEnvironment(): LocalBackendConfig {
  return {
    port: Number(env.LOCAL_BACKEND_PORT ?? 54321),
    allowedOrigins: (
      env.LOCAL_BACKEND_ALLOWED_ORIGINS ??
      'http://localhost:3000,http://localhost:3001,http://localhost:3002,http://localhost:3003'
    )
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    emailJs: {
      publicKey: env.EMAILJS_PUBLIC_KEY || DEFAULT_EMAILJS_ACCOUNT.publicKey,
      serviceId: env.EMAILJS_SERVICE_ID || DEFAULT_EMAILJS_ACCOUNT.serviceId,
      templateId: env.EMAILJS_TEMPLATE_ID || DEFAULT_EMAILJS_ACCOUNT.templateId,
    },
    maxBodyBytes: 64 * 1024,
    keepProductionBookingLimits: ['1', 'true', 'yes'].includes(
      (env.LOCAL_BACKEND_PRODUCTION_LIMITS ?? '').trim().toLowerCase(),
    ),
    pruneBookingRequestsEveryMs: PRUNE_BOOKING_REQUESTS_EVERY_MS,
  };
}

/** Where the database lives: a Postgres server, else PGlite in a folder. */
export interface DatabaseSettings {
  /** DATABASE_URL: a Postgres server (the tests then empty its tables); unset, PGlite. */
  databaseUrl: string | undefined;
  /** LOCAL_BACKEND_DATA_DIR: PGlite's folder for `npm start` (default .local-data/pglite); tests keep it in memory. */
  dataDir: string;
}

export function databaseFromEnvironment(): DatabaseSettings {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.LOCAL_BACKEND_DATA_DIR ?? path.join(DEFAULT_LOCAL_DATA_DIR, 'pglite'),
  };
}
