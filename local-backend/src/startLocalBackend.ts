import type { Server } from 'node:http';
import {
  configFromEnvironment,
  LOCAL_BOOKING_CEILINGS,
  LOCAL_ADDRESS_STEP_CEILINGS,
  LOCAL_GATEWAY,
  type LocalBackendConfig,
} from './config';
import { createLocalBackend } from './createLocalBackend';
import type { Database } from './database/Database';
import { attachBroadcastSocket } from './realtime/broadcastSocket';
import { openDatabase } from './database/openDatabase';
import {
  pruneBookingRequests,
  pruneBookingRequestsEvery,
  type PruneTimer,
} from './database/pruneBookingRequests';

export interface RunningBackend {
  url: string;
  database: Database;
  stop(): Promise<void>;
}

interface StartOptions {
  config?: Partial<LocalBackendConfig>;
  /** PGlite's folder; omitted, an in-memory database that is gone when stopped. */
  dataDir?: string;
  databaseUrl?: string;
}

/** Tells the database where this server puts the client address (see LOCAL_GATEWAY). */
async function describeLocalGateway(database: Database): Promise<void> {
  await database.query(
    'update private.booking_settings set client_address_header = $1, trusted_proxies = $2',
    [LOCAL_GATEWAY.clientAddressHeader, LOCAL_GATEWAY.trustedProxies],
  );
}

/**
 * Raises the per-address, per-network and site-wide limits, and the address step's per-network ones, to the local ceilings (see
 * LocalBackendConfig.keepProductionBookingLimits); the per-e-mail limit is left as it is.
 */
async function raiseBookingCeilings(database: Database): Promise<void> {
  for (const [name, { maxBookings, per }] of Object.entries(LOCAL_BOOKING_CEILINGS)) {
    await database.query(
      'update private.booking_limits set max_bookings = $2, per = $3::interval where name = $1',
      [name, maxBookings, per],
    );
  }
  const settings = Object.entries(LOCAL_ADDRESS_STEP_CEILINGS);
  await database.query(
    `update private.booking_settings set ${settings.map(([name], index) => `${name} = $${index + 1}`).join(', ')}`,
    settings.map(([, value]) => value),
  );
}

/**
 * Opens the database, applies migrations, prunes the abuse limits' log now and then every
 * config.pruneBookingRequestsEveryMs, and listens; stop() ends the timer and closes the server and
 * the database (an open PGlite keeps Node alive).
 */
export async function startLocalBackend({
  config: overrides,
  dataDir,
  databaseUrl,
}: StartOptions = {}): Promise<RunningBackend> {
  const config = { ...configFromEnvironment(), ...overrides };
  const database = await openDatabase({ databaseUrl, dataDir });
  let pruning: PruneTimer;
  try {
    await describeLocalGateway(database);
    if (!config.keepProductionBookingLimits) await raiseBookingCeilings(database);
    // A persisted database may hold rows from before a pause longer than the longest window.
    await pruneBookingRequests(database);
    pruning = pruneBookingRequestsEvery(database, config.pruneBookingRequestsEveryMs);
  } catch (error) {
    await database.close();
    throw error;
  }
  const server: Server = createLocalBackend(database, config);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, '127.0.0.1', resolve);
    });
  } catch (error) {
    await pruning.stop();
    await database.close();
    throw error;
  }
  const closeBroadcasts = await attachBroadcastSocket(server, database);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://localhost:${port}`,
    database,
    stop: async () => {
      await pruning.stop();
      await closeBroadcasts();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await database.close();
    },
  };
}
