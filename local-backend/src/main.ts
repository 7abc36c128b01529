import path from 'node:path';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from './config';
import { DEFAULT_LOCAL_DATA_DIR } from './database/openDatabase';
import { startLocalBackend } from './startLocalBackend';

/** `npm start --workspace local-backend`: the local Supabase + EmailJS stand-in, persisted on disk. */
async function main() {
  const backend = await startLocalBackend({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.LOCAL_BACKEND_DATA_DIR ?? path.join(DEFAULT_LOCAL_DATA_DIR, 'pglite'),
  });
  console.log(`local-backend     ${backend.url}  (${backend.database.description})`);
  console.log(`  anon key          ${LOCAL_ANON_KEY}`);
  console.log(`  service_role key  ${LOCAL_SERVICE_ROLE_KEY}`);
  const stop = () => void backend.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('[local-backend] could not start:', error);
  process.exit(1);
});
