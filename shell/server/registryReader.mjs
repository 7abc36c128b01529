// Owns the registry as the server reads it from its source (registrySource.mjs): reads shared, the
// last good document kept when the source fails and written to a cache file for a server that
// starts while the source cannot be read, the registry's health (log, /_shell/status, /metrics),
// and the wait for a first document before the server listens.
import { readFile, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import writeFileAtomic from 'write-file-atomic';
import { checkRegistryDocument } from 'release-registry/registry-document';

/** A read this recent is answered again (the remotes' checks of one tick, `/remotes.json`). */
const SHARED_READ_MS = 250;
/** The wait for a first document: tries again after 1 s, then twice as long each time, up to 5 s. */
const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 5000;

/**
 * @typedef {import('./registrySource.mjs').RegistryDocument} RegistryDocument
 * @typedef {{ info: (message: string) => void, error: (message: string, error?: unknown) => void }} Log
 */

/**
 * @typedef {object} RegistryStatus what /_shell/status says of the registry
 * @property {string} source where it is read
 * @property {string | null} readAt when the document used was read (from the cache: when it was
 *   written there)
 * @property {{ reason: string, since: string } | null} failing why it cannot be read now, since when
 *   (the last document read is used meanwhile)
 * @property {string | null} cacheFile where the last good document is kept (SHELL_REGISTRY_CACHE)
 */

/**
 * The registry as the server reads it: reads under way or just made are shared; a source that
 * fails leaves the server on the last document it read (logged once when it starts failing, once
 * when it answers again); a server that never read one starts on the cache's; only a server with
 * neither gets the error.
 * @param {import('./registrySource.mjs').RegistrySource} source
 * @param {Log} log
 * @param {{ cacheFile?: string }} [options]
 */
export function createRegistryReader(source, log, { cacheFile } = {}) {
  /** @type {{ document: RegistryDocument, at: number } | null} */
  let last = null;
  /** @type {{ reason: string, since: number } | null} */
  let failing = null;
  /** @type {Promise<RegistryDocument> | null} */
  let reading = null;
  const cache = cacheFile ? registryCache(cacheFile, source.where, log) : null;

  /** @param {unknown} error */
  async function failed(error) {
    const reason = error instanceof Error ? error.message : String(error);
    const cached = last ? null : await cache?.read();
    if (cached) {
      last = cached;
      const at = new Date(cached.at).toISOString();
      log.error(
        `[shell] the registry ${source.where} cannot be read: serving its document cached at ${at}`,
        error,
      );
    } else if (!failing) {
      const kept = last ? 'the last document read is kept' : 'no document was ever read';
      log.error(`[shell] the registry ${source.where} cannot be read (${kept})`, error);
    }
    failing = { reason, since: failing?.since ?? Date.now() };
    if (!last) throw error;
    return last.document;
  }

  async function readSource() {
    try {
      const document = await source.read();
      if (failing) log.info(`[shell] the registry ${source.where} is read again`);
      failing = null;
      last = { document, at: Date.now() };
      await cache?.write(document);
      return document;
    } catch (error) {
      return failed(error);
    }
  }

  /** @returns {Promise<RegistryDocument>} */
  function read() {
    if (last && !failing && Date.now() - last.at < SHARED_READ_MS) return Promise.resolve(last.document);
    reading ??= readSource().finally(() => {
      reading = null;
    });
    return reading;
  }

  return {
    read,
    /** The document read last, without reading: undefined before the first. */
    latest: () => last?.document,
    /**
     * The first document, from the source or the cache, however long that takes: one line each
     * time it cannot be had, saying why and when it is tried again.
     * @returns {Promise<RegistryDocument>}
     */
    async untilFirstDocument() {
      for (let waitMs = FIRST_RETRY_MS; ; waitMs = Math.min(waitMs * 2, LONGEST_RETRY_MS)) {
        try {
          return await read();
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          log.error(
            `[shell] waiting for the registry ${source.where} before serving (${reason}): trying again in ${waitMs / 1000} s`,
          );
          await sleep(waitMs);
        }
      }
    },
    /** @returns {RegistryStatus} */
    status: () => ({
      source: source.where,
      readAt: last ? new Date(last.at).toISOString() : null,
      failing: failing && { reason: failing.reason, since: new Date(failing.since).toISOString() },
      cacheFile: cacheFile ?? null,
    }),
  };
}

/**
 * The last good document on disk, written whole (a crash mid-write leaves the one before) each
 * time it changes, with the source it came from: a cache file shared by mistake between
 * environments is never served by the other. A cache that cannot be written is said once.
 * @param {string} file @param {string} where the source's name @param {Log} log
 */
function registryCache(file, where, log) {
  let written = '';
  let warned = false;
  return {
    /** @param {RegistryDocument} document */
    async write(document) {
      const text = JSON.stringify({ source: where, document });
      if (text === written) return;
      try {
        await writeFileAtomic(file, text);
        written = text;
      } catch (error) {
        if (!warned) log.error(`[shell] the registry's cache ${file} cannot be written`, error);
        warned = true;
      }
    },
    /** @returns {Promise<{ document: RegistryDocument, at: number } | null>} */
    async read() {
      try {
        const [text, { mtimeMs }] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
        const cached = JSON.parse(text);
        if (cached?.source !== where) return null;
        written = text;
        return { document: checkRegistryDocument(cached.document, file), at: mtimeMs };
      } catch {
        return null;
      }
    },
  };
}
