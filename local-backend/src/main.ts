import { databaseFromEnvironment, LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from './config';
import { startLocalBackend } from './startLocalBackend';

/** `npm start --workspace local-backend`: the local Supabase + EmailJS stand-in, persisted on disk. */
async function main() {
  const backend = await startLocalBackend(databaseFromEnvironment());
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
