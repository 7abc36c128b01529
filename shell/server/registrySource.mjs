// Owns where a shell server reads the environment's registry (SHELL_REGISTRY_URL): the sources, a
// file, an http(s) URL asked with a conditional GET, or the release commands' database
// (databaseRegistry.mjs), each `{ where, read() }`. The server reads them through registryReader.mjs.
import { readFile } from 'node:fs/promises';
import { checkRegistryDocument } from 'release-registry/registry-document';
import { databaseRegistry } from './databaseRegistry.mjs';

/** @typedef {import('release-registry/registry-document').RegistryDocument} RegistryDocument */

/**
 * @typedef {object} RegistrySource where the registry is read: one method, so another store (a
 *   database) is a few lines
 * @property {string} where what the log and the status call it (no credentials)
 * @property {() => Promise<RegistryDocument>} read the document as the store holds it now
 * @property {() => Promise<void>} [close] lets go of what it holds open (a database connection)
 */

/** Longest one read of the registry may take. */
const REGISTRY_READ_TIMEOUT_MS = 5000;

/** @param {import('./serverSettings.mjs').RegistryLocation} location @returns {RegistrySource} */
export function openRegistrySource(location) {
  if (location.kind === 'database') return databaseRegistry(location);
  return location.kind === 'http' ? httpRegistry(location.url) : fileRegistry(location.file);
}

/** A file on this machine (a release on this machine, or a synced file). @param {string} file @returns {RegistrySource} */
export function fileRegistry(file) {
  return { where: file, read: async () => registryDocument(await readFile(file, 'utf8'), file) };
}

/**
 * An http(s) URL (an object store, a CDN, any static host), asked with `If-None-Match` and the
 * last ETag: a `304` costs the host nothing and keeps the document read last.
 * @param {string} url
 * @returns {RegistrySource}
 */
export function httpRegistry(url) {
  const { origin, pathname } = new URL(url);
  // A signed URL's query is a credential: never logged.
  const where = `${origin}${pathname}`;
  /** @type {{ etag: string, document: RegistryDocument } | undefined} */
  let last;
  return {
    where,
    async read() {
      const response = await fetch(url, {
        headers: last ? { 'If-None-Match': last.etag } : {},
        signal: AbortSignal.timeout(REGISTRY_READ_TIMEOUT_MS),
      });
      if (response.status === 304 && last) return last.document;
      if (!response.ok) throw new Error(`${where} answered ${response.status}`);
      const document = registryDocument(await response.text(), where);
      const etag = response.headers.get('etag');
      last = etag ? { etag, document } : undefined;
      return document;
    },
  };
}

/** The text of a registry document, checked (release-registry's check). @param {string} text @param {string} where */
export function registryDocument(text, where) {
  /** @type {unknown} */
  let document;
  try {
    document = JSON.parse(text);
  } catch {
    throw new Error(`${where} is not JSON`);
  }
  return checkRegistryDocument(document, where);
}
