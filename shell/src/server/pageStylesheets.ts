/** A built file's content hash, from its name ("663.a6661c05607b.css" → "a6661c05607b"). */
function contentHashOf(url: string): string | undefined {
  return /\.([0-9a-f]{12})\.css$/.exec(url)?.[1];
}

/**
 * A page's stylesheets without those the shell already links with the same content: a remote's
 * manifest lists the CSS of its own fallback copy of a shared library (the language toggle's, from
 * shared-i18n), which the browser never loads while the shell provides the library.
 */
export function withoutCopiesOf(shell: readonly string[], page: readonly string[]): string[] {
  const shellHashes = new Set(shell.map(contentHashOf).filter(Boolean));
  return page.filter((url) => {
    const hash = contentHashOf(url);
    return !hash || !shellHashes.has(hash);
  });
}
