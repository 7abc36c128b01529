/**
 * A remote's `mf-manifest.json` as the shell reads it, in the browser and on its server: its type,
 * and every URL the shell takes from it (container, stylesheets, scripts, strings, code origins).
 * Bundled into the browser too, so it uses nothing but the language (no Node modules).
 */
import { SUPPORTED_LANGUAGES, type Language } from 'shared-i18n';

export interface RemoteManifest {
  metaData: {
    /** The global the browser container assigns itself to. */
    globalName: string;
    remoteEntry: { name: string; path: string; type: string };
    /** The Node container the shell's server loads, when the remote builds one. */
    ssrRemoteEntry?: { name: string; path: string };
    /** The languages the version has (`pt`), written by its build; absent before versions said. */
    languages?: string[];
  };
  exposes: {
    name: string;
    assets: { css: { sync: string[]; async: string[] }; js: { sync: string[]; async: string[] } };
  }[];
}

/** What a version built before versions declared their languages has: English and Spanish. */
const LANGUAGES_BEFORE_DECLARED: readonly string[] = ['en', 'es'];

/**
 * The site's languages this version has, in the site's order. The shell renders its pages in
 * these; in another, the page shows in English with a note saying so.
 */
export function languagesOf(manifest: RemoteManifest): Language[] {
  const declared = manifest.metaData.languages ?? LANGUAGES_BEFORE_DECLARED;
  return SUPPORTED_LANGUAGES.filter((language) => declared.includes(language));
}

/** An app's strings in each language: the files of its `locale-<language>-json` chunk. */
export type LocaleScripts = Readonly<Record<string, readonly string[]>>;

/** The absolute URL of the remote's browser container (`remoteEntry.js`), beside its manifest. */
export function remoteEntryUrlOf(manifest: RemoteManifest, manifestUrl: string): string {
  const { name, path } = manifest.metaData.remoteEntry;
  return new URL(path ? `${path}/${name}` : name, manifestUrl).href;
}

/** The absolute URL of the remote's Node container (`server/remoteEntry.js`), if it builds one. */
export function serverEntryUrlOf(manifest: RemoteManifest, manifestUrl: string): string | null {
  const { ssrRemoteEntry } = manifest.metaData;
  if (!ssrRemoteEntry) return null;
  const { name, path } = ssrRemoteEntry;
  return new URL(path ? `${path}/${name}` : name, manifestUrl).href;
}

/** The origins a manifest makes the server load code from: its own, and its containers'. */
export function codeOriginsOf(manifest: RemoteManifest, manifestUrl: string): string[] {
  const entries = [remoteEntryUrlOf(manifest, manifestUrl), serverEntryUrlOf(manifest, manifestUrl)];
  return [manifestUrl, ...entries.filter((url) => url !== null)].map((url) => new URL(url).origin);
}

/** The stylesheets each exposed page needs (absolute URLs), by expose name. */
export function stylesheetsOf(manifest: RemoteManifest, manifestUrl: string): Map<string, string[]> {
  return new Map(
    manifest.exposes.map((expose) => [
      expose.name,
      [...expose.assets.css.sync, ...expose.assets.css.async].map((file) => new URL(file, manifestUrl).href),
    ]),
  );
}

/**
 * What the browser fetches, one after another, to run an exposed page: the remote's container, then
 * the page's own chunks (`sync`; `async` are the remote's fallbacks for shared libraries, which the
 * shell provides). Written into the HTML as preloads, they come with the document instead.
 */
export function scriptsOf(manifest: RemoteManifest, manifestUrl: string): Map<string, string[]> {
  const container = remoteEntryUrlOf(manifest, manifestUrl);
  return new Map(
    manifest.exposes.map((expose) => [
      expose.name,
      [container, ...expose.assets.js.sync.map((file) => new URL(file, manifestUrl).href)],
    ]),
  );
}

/** The chunk file of an app's strings in one language (shared-i18n's TranslationLoader convention). */
const LOCALE_CHUNK_FILE = /(?:^|\/)locale-([a-z]{2})-json\.[^/]*\.js$/;

/** The remote's strings in each language (absolute URLs), which its pages fetch as they load. */
export function localeScriptsOf(manifest: RemoteManifest, manifestUrl: string): LocaleScripts {
  const byLanguage: Record<string, string[]> = {};
  for (const file of new Set(manifest.exposes.flatMap((expose) => expose.assets.js.async))) {
    const language = LOCALE_CHUNK_FILE.exec(file)?.[1];
    if (language) (byLanguage[language] ??= []).push(new URL(file, manifestUrl).href);
  }
  return byLanguage;
}

/** A released version's manifest: `<release host>/releases/<version>/mf-manifest.json`. */
const RELEASED_MANIFEST = /^(.*\/releases\/[^/]+\/)(mf-manifest\.json)$/;

/**
 * The same released version under a fresh folder URL, for a retry: its release host serves
 * `/releases/<version>/retry-<n>/…` as `/releases/<version>/…` (docs/releases.md). A browser
 * answers a request for a script whose preload failed with that failure again, without the
 * network; under new URLs the container and every chunk it loads (found beside it) are fetched
 * afresh. Null for a manifest that is not a released version.
 */
export function retryUrlOf(manifestUrl: string, attempt: number): string | null {
  const match = RELEASED_MANIFEST.exec(manifestUrl);
  return match ? `${match[1]}retry-${attempt}/${match[2]}` : null;
}
