// A registry kept in Postgres by the release commands (RELEASES_REGISTRY_URL), as a shell server
// reads it: the environment's document, kept up to date by the database's notifications (and a
// re-read every `rereadMs`), so the server's reads every second cost no query; while the
// connection is lost, a read fails, so the server says the registry is failing.

/** Longest a read waits for the first document (the database unreachable at start). */
const FIRST_DOCUMENT_WAIT_MS = 5000;

/**
 * @param {{ databaseUrl: string, environment: string, rereadMs?: number }} address
 * @returns {import('./registrySource.mjs').RegistrySource & { close: () => Promise<void> }}
 */
export function databaseRegistry({ databaseUrl, environment, rereadMs }) {
  const { host, pathname } = new URL(databaseUrl);
  /** @type {import('./registrySource.mjs').RegistryDocument | null | undefined} */
  let document;
  /** Why the connection is lost, until a read on a new one answers. @type {Error | null} */
  let lastError = null;
  /** @type {(value?: unknown) => void} */
  let firstDocumentArrived = () => {};
  const firstDocument = new Promise((resolve) => (firstDocumentArrived = resolve));
  /** @type {Promise<{ close: () => Promise<void> }> | undefined} */
  let watching;
  /** @type {Promise<void> | undefined} */
  let firstWait;
  const watch = async () => {
    // Imported here, not at the top: pg adds about 40 ms to a server's start and 2.4 MB to its
    // heap, which a server reading its registry from a file or a URL never needs.
    const { watchRegistry } = await import('release-registry');
    return watchRegistry({
      databaseUrl,
      environment,
      rereadMs,
      onChange: (changed) => {
        document = changed;
        lastError = null;
        firstDocumentArrived();
      },
      onError: (error) => (lastError = error),
    });
  };
  return {
    where: `postgres://${host}${pathname} (${environment})`,
    async read() {
      watching ??= watch();
      await watching;
      // Waited for once: while the database stays away, later reads fail at once.
      firstWait ??= waitAtMost(firstDocument, FIRST_DOCUMENT_WAIT_MS);
      if (document === undefined) await firstWait;
      if (document === undefined || lastError)
        throw lastError ?? new Error('the registry database did not answer');
      if (document === null) throw new Error(`the registry has no "${environment}" environment yet`);
      return document;
    },
    close: async () => (await watching)?.close(),
  };
}

/**
 * Waits for `promise` to settle, or `ms`, whichever comes first.
 * @param {Promise<unknown>} promise @param {number} ms
 */
async function waitAtMost(promise, ms) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const gaveUp = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([promise, gaveUp]);
  clearTimeout(timer);
}
