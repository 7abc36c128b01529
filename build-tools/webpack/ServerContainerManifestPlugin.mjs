import webpack from 'webpack';

/** The folder of a build's Node container, beside its browser files. */
export const SERVER_FOLDER = 'server';

const MANIFEST = 'mf-manifest.json';
/**
 * What the host's server writes into every page it renders, as data: its stylesheets, its entry
 * script and the scripts that entry loads at start (see hostAssets).
 */
export const HOST_ASSETS = 'host-assets.json';

/**
 * The chunk holding an app's strings in one language: shared-i18n's TranslationLoader convention
 * (`webpackChunkName: "locale-[request]"` on `./locales/<language>.json`).
 */
const LOCALE_CHUNK_NAME = /^locale-([a-z]{2})-json$/;

/**
 * The host's files a page needs at start, read from the chunk graph: the entry's own files, and
 * the chunk groups the entry starts directly (its bootstrap import, and each shared library it
 * provides, which the page consumes at once). The consumers' fallback copies of shared libraries
 * are left out: they belong to the bootstrap chunk's groups, and are never loaded while the host
 * provides the library.
 * @param {import('webpack').Compilation} compilation
 */
function hostAssets(compilation) {
  const entrypoint = compilation.entrypoints.get('main');
  if (!entrypoint) throw new Error('ServerContainerManifestPlugin: the host has no "main" entry');
  const startFiles = [...entrypoint.childrenIterable].flatMap((group) =>
    group.chunks.flatMap((chunk) => [...chunk.files]),
  );
  const entryFiles = entrypoint.getFiles();
  const unique = (/** @type {string[]} */ files) => [...new Set(files)];
  /** @type {Record<string, string[]>} */
  const localeScripts = {};
  for (const [name, chunk] of compilation.namedChunks) {
    const language = LOCALE_CHUNK_NAME.exec(name)?.[1];
    if (language) localeScripts[language] = [...chunk.files].filter((file) => file.endsWith('.js'));
  }
  return {
    // In name order, as they were linked before this list was read from the chunk graph: the
    // cascade between the shell's and the language toggle's rules stays the same.
    stylesheets: unique([...entryFiles, ...startFiles].filter((file) => file.endsWith('.css'))).sort(),
    // The start's files run before the entry, in order, each in a task of its own: running one
    // only installs its modules, which the entry then evaluates in steps of its start. Loaded by
    // the entry instead, a file's compilation and its modules' evaluation would be one long task.
    scripts: unique([...startFiles, ...entryFiles].filter((file) => file.endsWith('.js'))),
    // The host's strings in each language, which a page in that language fetches at start.
    localeScripts,
  };
}

/**
 * A remote's manifest lists, under each exposed page, the stylesheets of its own fallback copies of
 * shared libraries (the language toggle's, from shared-i18n), which a page never loads while the
 * host provides the library. Left there, the host's server would link a second copy of the host's
 * own rules into every page; they stay listed under `shared`, where the runtime finds them if the
 * fallback is ever used.
 * @param {{ shared: { assets: { css: { sync: string[], async: string[] } } }[], exposes: { assets: { css: { sync: string[], async: string[] } } }[] }} manifest
 */
function withoutSharedFallbackStylesheets(manifest) {
  const fallbacks = new Set(
    manifest.shared.flatMap(({ assets }) => [...assets.css.sync, ...assets.css.async]),
  );
  for (const { assets } of manifest.exposes) {
    assets.css.sync = assets.css.sync.filter((file) => !fallbacks.has(file));
    assets.css.async = assets.css.async.filter((file) => !fallbacks.has(file));
  }
}

/**
 * Tells a remote's manifest where its Node container is (`metaData.ssrRemoteEntry`, which the
 * federation runtime reads outside browsers), so one registry URL serves both sides, and which
 * languages the version has (`metaData.languages`). For the
 * host, writes the files its server links into every page (HOST_ASSETS).
 */
export class ServerContainerManifestPlugin {
  /** @param {{ isHost: boolean, languages: string[] }} options */
  constructor({ isHost, languages }) {
    this.isHost = isHost;
    this.languages = languages;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(ServerContainerManifestPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: ServerContainerManifestPlugin.name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          if (this.isHost) {
            compilation.emitAsset(
              HOST_ASSETS,
              new webpack.sources.RawSource(JSON.stringify(hostAssets(compilation))),
            );
            return;
          }
          const manifest = compilation.getAsset(MANIFEST);
          if (!manifest) return;
          const content = JSON.parse(manifest.source.source().toString());
          withoutSharedFallbackStylesheets(content);
          content.metaData.ssrRemoteEntry = {
            name: 'remoteEntry.js',
            path: SERVER_FOLDER,
            type: 'commonjs-module',
          };
          // The languages this version has, which the shell renders its pages in (others in English).
          content.metaData.languages = this.languages;
          compilation.updateAsset(MANIFEST, new webpack.sources.RawSource(JSON.stringify(content, null, 2)));
        },
      );
    });
  }
}
