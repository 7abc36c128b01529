// The shared services of the across-machines scenarios, in a process of their own (as on a machine
// of their own): a bucket on an S3 server and the registry's Postgres. Prints where they are as
// one JSON line, then serves until it is stopped. Arguments: the bucket's name, the address to listen
// on, and how long an outage lasts (ms): on SIGUSR2 the database drops every connection and refuses
// new ones for that long, printing `{"registry":"down"}` and then `{"registry":"back"}`.
import { startPostgresForTests, startS3Server } from 'release-tools/local-services';

const [name = 'releases', address = '127.0.0.1', outage = '60000'] = process.argv.slice(2);
const bucket = await startS3Server(name, { address });
const postgres = await startPostgresForTests({ host: address });
process.stdout.write(
  `${JSON.stringify({ s3Endpoint: bucket.endpoint, databaseUrl: postgres.databaseUrl })}\n`,
);
process.on('SIGUSR2', () => {
  void postgres
    .dropConnections(async () => {
      process.stdout.write(`${JSON.stringify({ registry: 'down' })}\n`);
      await new Promise((resolve) => setTimeout(resolve, Number(outage)));
    })
    .then(() => process.stdout.write(`${JSON.stringify({ registry: 'back' })}\n`));
});
// Stopped within a second or two: a client still connected must not keep it (nor its caller) waiting.
process.once('SIGTERM', () => {
  const stopped = Promise.all([bucket.close(), postgres.close()]);
  const cut = new Promise((resolve) => setTimeout(resolve, 2000));
  Promise.race([stopped, cut]).finally(() => process.exit(0));
});
