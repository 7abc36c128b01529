// The texts of the remotes' stylesheets, read once per URL, for renders to write into the HTML.
import { LRUCache } from 'lru-cache';
import { withinBudget } from './remotes/loadedVersion';

/** A stylesheet the page needs, with its text when the server has it (else it is linked). */
export interface Stylesheet {
  href: string;
  text: string | null;
}

export interface StylesheetTextsOptions {
  /** How long a render waits for a stylesheet it has not read yet before linking it instead. */
  waitMs: number;
  /** Longest the read itself may take (it goes on after the render stopped waiting). */
  fetchTimeoutMs: number;
  log: { error: (message: string, error?: unknown) => void };
}

/**
 * The texts of the remotes' stylesheets, read over HTTP once per URL: their file names carry the
 * content's hash, so a URL's text never changes. Concurrent renders share one read (lru-cache's
 * `fetch`); a failed read is not kept, so a later render tries again.
 */
export function createStylesheetTexts({ waitMs, fetchTimeoutMs, log }: StylesheetTextsOptions) {
  const texts = new LRUCache<string, string>({
    max: 500,
    fetchMethod: async (href, _stale, { signal }) => {
      const response = await fetch(href, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(fetchTimeoutMs)]),
      });
      if (!response.ok) throw new Error(`${href} answered ${response.status}`);
      return response.text();
    },
  });

  /** The stylesheet's text, or null when it could not be read, or not within `waitMs`. */
  function textOf(href: string): Promise<string | null> {
    const read = texts.fetch(href).then(
      (text) => text ?? null,
      (error: unknown) => {
        log.error(`[shell] stylesheet ${href} could not be read; the page links it instead`, error);
        return null;
      },
    );
    // The read goes on after the wait ends: a later render finds the text.
    return withinBudget(read, waitMs, href).catch(() => null);
  }

  /** The stylesheets at `hrefs`, each with its text if it could be read in time. */
  return (hrefs: readonly string[]): Promise<Stylesheet[]> =>
    Promise.all(hrefs.map(async (href) => ({ href, text: await textOf(href) })));
}
