// The shared services of the across-machines scenarios, in a process of their own (as on a machine
// of their own): a bucket on an S3 server and the registry's Postgres. Prints where they are as
// one JSON line, then serves until it is stopped. Arguments: the bucket's name, the address to listen on.
import { startPostgresForTests, startS3Server } from 'release-tools/local-services';

const [name = 'releases', address = '127.0.0.1'] = process.argv.slice(2);
const bucket = await startS3Server(name, { address });
const postgres = await startPostgresForTests({ host: address });
process.stdout.write(
  `${JSON.stringify({ s3Endpoint: bucket.endpoint, databaseUrl: postgres.databaseUrl })}\n`,
);
// Stopped within a second or two: a client still connected must not keep it (nor its caller) waiting.
process.once('SIGTERM', () => {
  const stopped = Promise.all([bucket.close(), postgres.close()]);
  const cut = new Promise((resolve) => setTimeout(resolve, 2000));
  Promise.race([stopped, cut]).finally(() => process.exit(0));
});
