// The bucket an environment's versions go to, read from its variables: the bucket's name, the key
// prefix, and a client for it.
import { S3Client } from '@aws-sdk/client-s3';

/**
 * @typedef {object} ReleasesBucket
 * @property {S3Client} client
 * @property {string} bucket
 * @property {string} prefix the keys' prefix: empty or ending in `/`
 * @property {string | null} endpoint a local or non-AWS S3 server's origin; null: AWS
 */

/**
 * The bucket named by RELEASES_BUCKET (`s3://<bucket>/<prefix>`), or null when it is unset (the
 * versions stay in a folder). The client takes its credentials from the variables' AWS key pair
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY), else the AWS SDK's default chain (a profile, the CI's
 * role), and its region from the SDK's chain; RELEASES_S3_ENDPOINT names another
 * S3 server, reached by path (`<endpoint>/<bucket>/<key>`), in region us-east-1 unless AWS_REGION.
 * @param {NodeJS.ProcessEnv} env
 * @returns {ReleasesBucket | null}
 */
export function releasesBucket(env) {
  if (!env.RELEASES_BUCKET) return null;
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(env.RELEASES_BUCKET);
  if (!match) throw new Error(`RELEASES_BUCKET must be s3://<bucket>/<prefix>, not ${env.RELEASES_BUCKET}`);
  const [, bucket = '', path = ''] = match;
  const endpoint = env.RELEASES_S3_ENDPOINT?.replace(/\/$/, '') || null;
  const client = new S3Client({
    // The key pair of the variables given, when they hold one (the default chain reads only the
    // process's own).
    ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            sessionToken: env.AWS_SESSION_TOKEN,
          },
        }
      : {}),
    ...(endpoint
      ? {
          endpoint,
          forcePathStyle: true,
          region: env.AWS_REGION ?? 'us-east-1',
          // Checksums only where S3 requires them: many S3 servers other than AWS refuse or
          // mishandle the ones the SDK adds by default.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
  });
  return { client, bucket, prefix: path && !path.endsWith('/') ? `${path}/` : path, endpoint };
}
