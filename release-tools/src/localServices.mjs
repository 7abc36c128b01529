// The local stand-ins for the hosted services releases use beyond one machine, for tests and the
// bench: an S3 server (s3rver) and a Postgres server (PGlite behind pglite-socket), and the
// operator's grant of an environment to a team's role there.
export { startS3Server } from './s3ServerForTests.mjs';
export { startPostgresForTests } from 'release-registry/postgres-server-for-tests';
export { grantRelease } from 'release-registry';
