// The object-store (S3) store of one app's versions: what a release host behind a CDN serves.
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { hashOfFiles, parseVersion, readBuildFiles, versionName, versionWithHash } from './versionNaming.mjs';
import { REGISTRIES_FOLDER, registryRecordName, versionsBeyondRetention } from './versionStoreContract.mjs';
import { IMMUTABLE, releasedFileHeaders } from './releasedFileHeaders.mjs';
import { assertNoBuildFile, BUILD_FILE, describeBuild, parseBuild, serializeBuild } from './versionBuild.mjs';

/**
 * @typedef {import('@aws-sdk/client-s3').S3Client} S3Client
 * @typedef {import('./versionNaming.mjs').PublishedVersion} PublishedVersion
 * @typedef {import('./versionStoreContract.mjs').PrunePolicy} PrunePolicy
 * @typedef {import('./versionStoreContract.mjs').PruneOptions} PruneOptions
 * @typedef {import('./versionStoreContract.mjs').VersionStoreContract} VersionStoreContract
 */

/** Written last and deleted first: a version whose manifest exists is whole (the shell loads a
 * version by its manifest's URL, so it never reaches one without). */
export const MARKER = 'mf-manifest.json';

/** Files uploaded at once: enough to hide the round trips, few enough for a CI runner. */
const UPLOADS_AT_ONCE = 8;

/**
 * One app's versions on an S3 bucket, each under `<versionsKey><version>/`. A version is never
 * overwritten: every object is written with `If-None-Match: *`, and, since some S3 servers ignore
 * that, only after a HeadObject found no object there (which is not atomic: two publishers of the
 * same version in the same millisecond could both pass it; the condition covers that on AWS).
 * @implements {VersionStoreContract}
 */
export class S3VersionStore {
  /** @param {{ client: S3Client, bucket: string, versionsKey: string }} location
   *   versionsKey: the key prefix of the app's versions, ending in `/` */
  constructor({ client, bucket, versionsKey }) {
    this.client = client;
    this.bucket = bucket;
    this.versionsKey = versionsKey;
  }

  /** @returns {Promise<PublishedVersion[]>} the versions whose marker exists, oldest first */
  async list() {
    const versions = await this.#allVersions();
    const whole = await Promise.all(versions.map(({ version }) => this.#exists(this.#key(version, MARKER))));
    return versions.filter((_, index) => whole[index]);
  }

  /**
   * Publishes a build as a new version: every file and the record of its build (`build.json`),
   * then the marker. The same build published again is the version it was, its record unchanged.
   * @param {string} buildDir the app's dist
   * @param {Date} [now]
   * @param {import('./versionBuild.mjs').VersionBuild} [build] default: no commit known
   * @returns {Promise<{ version: string, isNew: boolean }>}
   */
  async publish(buildDir, now = new Date(), build = undefined) {
    // Read once, before anything is uploaded (a link is refused: buildFiles.mjs): the hash is of
    // the bytes the version will hold.
    const contents = await readBuildFiles(buildDir);
    const hash = hashOfFiles(contents);
    const existing = versionWithHash(await this.list(), hash);
    if (existing) return { version: existing.version, isNew: false };
    const version = versionName(hash, now);
    const files = contents.map(({ file }) => file);
    const marker = contents.find(({ file }) => file === MARKER);
    if (!marker) throw new Error(`${buildDir} has no ${MARKER}: not a build to publish`);
    assertNoBuildFile(files, buildDir);
    const buildFiles = new Set(files);
    const put = async (/** @type {{ file: string, bytes: Buffer }} */ { file, bytes }) =>
      this.#putOnce(this.#key(version, file), bytes, releasedFileHeaders(file, buildFiles));
    const rest = contents.filter((entry) => entry !== marker);
    for (let start = 0; start < rest.length; start += UPLOADS_AT_ONCE) {
      await Promise.all(rest.slice(start, start + UPLOADS_AT_ONCE).map(put));
    }
    const record = serializeBuild(build ?? (await describeBuild(buildDir, null, now)));
    await this.#putOnce(this.#key(version, BUILD_FILE), Buffer.from(record), {
      ContentType: 'application/json',
      CacheControl: IMMUTABLE,
    });
    return { version, isNew: (await put(marker)) === 'written' };
  }

  /**
   * What the version records of its build, or null (a version published before versions did).
   * @param {string} version
   * @returns {Promise<import('./versionBuild.mjs').VersionBuild | null>}
   */
  async buildOf(version) {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.#key(version, BUILD_FILE) }),
      );
      return parseBuild((await object.Body?.transformToString()) ?? '');
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  /**
   * Deletes versions beyond the retention window (versionsBeyondRetention), and versions a
   * publish left without their marker (it stopped) once they are older than the live window.
   * @param {PrunePolicy} policy
   * @param {PruneOptions} [options]
   * @returns {Promise<string[]>} the versions deleted
   */
  async prune(policy, { dryRun = false, deleting = () => {} } = {}) {
    const now = policy.now ?? new Date();
    const whole = await this.list();
    const wholeNames = new Set(whole.map(({ version }) => version));
    const abandoned = (await this.#allVersions()).filter(
      ({ version, publishedAt }) =>
        !wholeNames.has(version) && now.getTime() - publishedAt.getTime() > policy.liveWithinMs,
    );
    const pruned = [...abandoned.map(({ version }) => version), ...versionsBeyondRetention(whole, policy)];
    for (const version of pruned) {
      deleting(version);
      if (!dryRun) await this.#deleteVersion(version);
    }
    return pruned;
  }

  /** @param {string} registryName */
  async recordRegistry(registryName) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: `${this.versionsKey}${REGISTRIES_FOLDER}/${registryRecordName(registryName)}`,
        Body: JSON.stringify({ registryName }),
        ContentType: 'application/json',
      }),
    );
  }

  /** @returns {Promise<string[]>} */
  async registries() {
    const page = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.versionsKey}${REGISTRIES_FOLDER}/` }),
    );
    const records = await Promise.all(
      (page.Contents ?? []).map(async ({ Key }) => {
        const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
        return JSON.parse((await object.Body?.transformToString()) ?? '{}').registryName;
      }),
    );
    return records.filter((name) => typeof name === 'string');
  }

  /** Every version with objects in the bucket, whole or not, oldest first. */
  async #allVersions() {
    /** @type {PublishedVersion[]} */
    const versions = [];
    /** @type {string | undefined} */
    let ContinuationToken;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.versionsKey,
          Delimiter: '/',
          ContinuationToken,
        }),
      );
      for (const { Prefix = '' } of page.CommonPrefixes ?? []) {
        const parsed = parseVersion(Prefix.slice(this.versionsKey.length, -1));
        if (parsed) versions.push(parsed);
      }
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
    return versions.sort((a, b) => a.version.localeCompare(b.version));
  }

  /**
   * Writes one object of a version unless an object is there; one with the same bytes (the same
   * build, published at the same moment by another run) counts as written by it.
   * @param {string} Key @param {Buffer} body @param {import('./releasedFileHeaders.mjs').ReleasedFileHeaders} headers
   * @returns {Promise<'written' | 'identical'>}
   */
  async #putOnce(Key, body, headers) {
    if (await this.#exists(Key)) return this.#sameBytes(Key, body);
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, IfNoneMatch: '*', ...headers }),
      );
      return 'written';
    } catch (error) {
      if (statusOf(error) !== 412) throw error;
      return this.#sameBytes(Key, body);
    }
  }

  /** @param {string} Key @param {Buffer} body @returns {Promise<'identical'>} */
  async #sameBytes(Key, body) {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
    const stored = await object.Body?.transformToByteArray();
    if (stored && Buffer.from(stored).equals(body)) return 'identical';
    throw new Error(`s3://${this.bucket}/${Key} exists with other bytes: a version is never overwritten`);
  }

  /** @param {string} Key */
  async #exists(Key) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }

  /** Deletes a version's marker first, so a reader stops listing it before its files go. @param {string} version */
  async #deleteVersion(version) {
    await this.#deleteKeys([this.#key(version, MARKER)]);
    /** @type {string | undefined} */
    let ContinuationToken;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.#key(version, ''), ContinuationToken }),
      );
      await this.#deleteKeys((page.Contents ?? []).flatMap(({ Key }) => Key ?? []));
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
  }

  /** @param {string[]} keys at most 1000 (a page of a listing) */
  async #deleteKeys(keys) {
    if (keys.length === 0) return;
    const { Errors = [] } = await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    if (Errors.length > 0)
      throw new Error(
        `could not delete ${Errors.map(({ Key, Message }) => `${Key}: ${Message}`).join(', ')}`,
      );
  }

  /** @param {string} version @param {string} file */
  #key(version, file) {
    return `${this.versionsKey}${version}/${file}`;
  }
}

/** @param {unknown} error */
function statusOf(error) {
  return /** @type {{ $metadata?: { httpStatusCode?: number } }} */ (error)?.$metadata?.httpStatusCode;
}
