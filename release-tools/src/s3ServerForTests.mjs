// A real S3-protocol server (s3rver) for a test of its own: a free port, a fresh folder, one
// bucket with the CORS rule docs/releases.md asks of production's (browsers load the federated
// code from it). It speaks S3 but ignores If-None-Match on writes (see docs/releases.md).
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import S3rver from 's3rver';

/** s3rver accepts any key pair; the SDK's default chain reads these. */
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';

/** Any origin may GET the bucket's files: the site's pages load its scripts and manifests. */
const CORS_RULE = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
  </CORSRule>
</CORSConfiguration>`;

/**
 * Starts the server on a free port of `address` (loopback unless given); `close` stops it and
 * deletes its folder.
 * @param {string} bucket
 * @param {{ address?: string }} [options]
 * @returns {Promise<{ endpoint: string, close: () => Promise<void> }>}
 */
export async function startS3Server(bucket, { address = '127.0.0.1' } = {}) {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-test-'));
  const server = new S3rver({
    address,
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS_RULE] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://${address}:${port}`,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
