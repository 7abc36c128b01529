import path from 'node:path';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import { findApp } from '../apps.mjs';
import { readBuildSettings } from '../buildSettings.mjs';
import { sharedSingletons } from './sharedSingletons.mjs';
import { moduleRules } from './moduleRules.mjs';
import { ServerContainerManifestPlugin, SERVER_FOLDER } from './ServerContainerManifestPlugin.mjs';
import { ICON_CONTENT_TYPE, inlineIconLinks, SiteIconsPlugin, SITE_ICON_LINKS } from './SiteIconsPlugin.mjs';

/**
 * Federation's build plugin. A test builds a remote with an older release of it (an npm alias
 * named here), as a team that has not rebuilt since would have, to check the shell still loads it.
 */
const { ModuleFederationPlugin } = await import(`${readBuildSettings().moduleFederationPackage}/webpack`);

/** Files a browser must revalidate on every load so a redeployed remote is picked up at once. */
export const ALWAYS_REVALIDATED = [
  'index.html',
  'remotes.json',
  'mf-manifest.json',
  'mf-stats.json',
  'remoteEntry.js',
  'main.js',
  'federation-runtime.js',
];

/** A remote's harness loads this before its own scripts (see runtime/harnessFederationRuntime.js). */
const HARNESS_RUNTIME_FILE = 'federation-runtime.js';

export { SERVER_FOLDER };

/**
 * What the host's start needs, in one file: its scripts (the app and its shared singletons) and the
 * JSON they import, not its stylesheets or one language's strings.
 */
function isHostStartScript(/** @type {import('webpack').Module} */ module) {
  const resource = 'resource' in module && typeof module.resource === 'string' ? module.resource : '';
  const code = module.type.startsWith('javascript') || module.type === 'json';
  return code && !/[\\/]locales[\\/][^\\/]+\.json$/.test(resource);
}

/**
 * The languages an app ships: one translation file each in its `src/locales` (`pt.json`). A remote
 * version declares them in its manifest (`metaData.languages`), where the shell reads them.
 * @param {string} packageDir
 */
function languagesOf(packageDir) {
  const locales = path.join(packageDir, 'src', 'locales');
  if (!existsSync(locales)) return [];
  return readdirSync(locales)
    .map((file) => /^([a-z]{2})\.json$/.exec(file)?.[1])
    .filter((language) => language !== undefined)
    .sort();
}

/**
 * @typedef {object} FederatedAppOptions
 * @property {string} packageDir the app's folder (import.meta.dirname of its webpack config)
 * @property {Record<string, string>} [exposes] federation exposes of a remote
 * @property {string} [title] the html title of the client-rendered page
 * @property {string} [serverEntry] the host's module that renders a request (shell only)
 * @property {string[]} [preloadFetches] same-origin URLs the client-rendered page fetches at start
 * @property {boolean} [siteIcons] emit the site's icons and web app manifest at the root (the host)
 * @property {string[]} [runtimePlugins] federation runtime plugins of the app's browser build
 * @property {string[]} [selfContainedExposes] exposes (keys of `exposes`) built as one chunk with
 *   everything they use, sharing no chunk with the others: a page few visitors open cannot change
 *   how a frequent page's code is split, so it cannot make that page's first load grow
 * @property {string[]} [lateChunks] the host's chunks (their `webpackChunkName`) loaded only after
 *   its start, kept out of the start file: what only they use is downloaded when they are asked for
 */

/**
 * The name webpack gives an exposed module's chunk ("./CancelBookingPage" →
 * "__federation_expose_CancelBookingPage"), as federation's plugin names it.
 * @param {string} exposeKey
 */
const exposeChunkName = (exposeKey) =>
  `__federation_expose_${exposeKey.replace(/^\.\//, '').replace(/\//g, '_')}`;

/**
 * Chunk splitting that leaves the self-contained exposes' chunks whole (duplicating what they share
 * with other pages), and splits every other chunk as webpack does by default.
 * @param {string[]} selfContainedExposes
 * @returns {import('webpack').Configuration['optimization']}
 */
function selfContainedSplitting(selfContainedExposes) {
  if (selfContainedExposes.length === 0) return {};
  const whole = new Set(selfContainedExposes.map(exposeChunkName));
  return { splitChunks: { chunks: (chunk) => !whole.has(chunk.name ?? '') } };
}

/**
 * The host's start (its app and shared singletons) as one file rather than ten: every page needs
 * all of it, and one file saves each request's headers and compresses better. A module only late
 * chunks use stays in them.
 * @param {string[]} lateChunks
 * @returns {import('webpack').Configuration['optimization']}
 */
function hostStartSplitting(lateChunks) {
  const late = new Set(lateChunks);
  /** @param {import('webpack').Module} module @param {{ chunkGraph: import('webpack').ChunkGraph }} context */
  const onlyLate = (module, { chunkGraph }) =>
    late.size > 0 &&
    [...chunkGraph.getModuleChunksIterable(module)].every((chunk) => late.has(chunk.name ?? ''));
  return {
    splitChunks: {
      cacheGroups: {
        hostStart: {
          test: (module, context) => isHostStartScript(module) && !onlyLate(module, context),
          chunks: 'async',
          name: 'start',
          enforce: true,
        },
      },
    },
  };
}

/**
 * Chromium's explicit compile hint on the host's start files (its entry, with the federation
 * runtime, and the start chunk): every function in them runs while the page starts, so V8 compiles
 * them all while the file streams in, on a background thread, instead of each one on the main
 * thread when first called. Written after minifying (which drops comments) and before source maps
 * and compression.
 */
function startCompileHint() {
  return new webpack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    include: [/^main\.js$/, /^start\.[0-9a-f]+\.js$/],
    stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}

/** @param {FederatedAppOptions} options @param {boolean} isProduction */
function sharedSettings({ packageDir }, isProduction) {
  const app = findApp(path.basename(packageDir));
  return {
    app,
    mode: /** @type {'production' | 'development'} */ (isProduction ? 'production' : 'development'),
    context: packageDir,
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // A TypeScript import written as Node wants it (`./module.js`) finds the source it names.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    federation: {
      name: app.name,
      filename: 'remoteEntry.js',
      // Remotes are registered at run time from the registry, never at build time.
      remotes: {},
      shared: sharedSingletons(packageDir),
      // A remote that is down must never hold up the host's own start.
      shareStrategy: /** @type {const} */ ('loaded-first'),
      // Types cross the boundary through declared contracts, not by fetching running remotes.
      dts: false,
    },
  };
}

/**
 * The icon links of the client-rendered page (the shell's server-rendered Document has the same).
 * @param {{ rel: string, href: string, type?: string, sizes?: string }[]} links
 */
function iconLinksHtml(links) {
  return links
    .map((link) =>
      [
        '<link',
        ...Object.entries(link).map(([name, value]) => `${name}="${value.replaceAll('"', '&quot;')}"`),
        '/>',
      ].join(' '),
    )
    .join('\n    ');
}

/**
 * The browser build: what visitors download. A remote's index.html is its isolation harness.
 * @param {FederatedAppOptions} options @param {boolean} isProduction
 * @returns {import('webpack').Configuration & { devServer?: object }}
 */
function browserConfig(options, isProduction, { usesHostRuntime = false } = {}) {
  const {
    packageDir,
    exposes = {},
    title = 'Agency',
    preloadFetches = [],
    siteIcons = false,
    runtimePlugins = [],
    selfContainedExposes = [],
    lateChunks = [],
  } = options;
  const { app, federation, ...settings } = sharedSettings(options, isProduction);
  const isHost = Object.keys(exposes).length === 0;
  const hashed = isProduction ? '.[contenthash:12]' : '';
  const publicFolder = path.join(packageDir, 'public');
  return {
    ...settings,
    name: 'browser',
    entry: './src/index.ts',
    devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(packageDir, 'dist'),
      // The shell serves deep links, so its chunks need absolute URLs; a remote's chunks are
      // found next to whatever URL its remoteEntry.js was loaded from.
      publicPath: isHost ? '/' : 'auto',
      // Entry chunks keep plain names (federation's runtime cannot template a content hash for
      // the chunk it lives in); they are tiny and served no-cache, like remoteEntry.js.
      filename: '[name].js',
      chunkFilename: `[name]${hashed}.js`,
      cssFilename: `[name]${hashed}.css`,
      cssChunkFilename: `[name]${hashed}.css`,
      assetModuleFilename: `assets/[name]${hashed}[ext]`,
      uniqueName: app.name,
      clean: true,
    },
    module: { rules: moduleRules({ isProduction, isServer: false, app: app.name }) },
    // Stylesheets are minified like scripts ('...' keeps webpack's own script minifier): the
    // shell's server writes them into every page's HTML.
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      ...(isHost && isProduction
        ? hostStartSplitting(lateChunks)
        : selfContainedSplitting(selfContainedExposes)),
    },
    plugins: [
      new ModuleFederationPlugin({
        ...federation,
        exposes,
        manifest: true,
        experiments: {
          // Browsers only: leaves Node's remote-loading code out of every container's runtime.
          // The shell also leaves out the runtime's manifest handling (snapshots): it reads a
          // remote's manifest itself and registers its container (loadRemotePage.ts).
          optimization: { target: 'web', ...(isHost ? { disableSnapshot: true } : {}) },
          // One federation runtime per page: the host ships it and every remote uses it, so its
          // version is part of the shell's contract (docs/architecture.md, "The federation runtime is the shell's")...
          ...(usesHostRuntime ? { externalRuntime: true } : {}),
        },
        // ...which the host provides, and remotes' own runtimes leave alone when it is there.
        runtimePlugins: [
          ...(isHost ? [path.join(import.meta.dirname, 'runtime', 'provideFederationRuntime.js')] : []),
          ...runtimePlugins,
        ],
      }),
      new MiniCssExtractPlugin({ filename: `[name]${hashed}.css`, chunkFilename: `[name]${hashed}.css` }),
      new ServerContainerManifestPlugin({ isHost, languages: languagesOf(packageDir) }),
      new HtmlWebpackPlugin({
        template: path.join(import.meta.dirname, 'index.html'),
        title,
        preloadFetches,
        harnessScripts: usesHostRuntime ? [`/${HARNESS_RUNTIME_FILE}`] : [],
        iconLinks: iconLinksHtml(siteIcons ? SITE_ICON_LINKS : inlineIconLinks()),
        // Deep links (/services/seo) load the same page, so its scripts need absolute URLs.
        publicPath: '/',
      }),
      ...(isHost && isProduction ? [startCompileHint()] : []),
      ...(siteIcons ? [new SiteIconsPlugin()] : []),
      ...(existsSync(publicFolder) ? [new CopyWebpackPlugin({ patterns: [{ from: publicFolder }] })] : []),
      // Precompressed once at build, as a CDN stores them; the static server sends these files.
      ...(isProduction
        ? ['brotliCompress', 'gzip'].map(
            (algorithm) =>
              new CompressionPlugin({
                algorithm,
                // Not the JSON files: the federation manifest is completed after this stage.
                test: /\.(js|css|html|svg)$/,
                filename: `[path][base].${algorithm === 'gzip' ? 'gz' : 'br'}`,
                compressionOptions: algorithm === 'gzip' ? { level: 9 } : {},
                threshold: 1024,
                minRatio: 0.9,
              }),
          )
        : []),
    ],
    performance: { hints: false },
    devServer: {
      port: app.port,
      historyApiFallback: true,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      devMiddleware: { mimeTypes: { ico: ICON_CONTENT_TYPE } },
      client: { overlay: { warnings: false } },
    },
  };
}

/**
 * The federation runtime a remote's harness provides for itself, built apart from the remote
 * (whose compilation leaves that runtime out of every chunk) into the same folder.
 * @param {FederatedAppOptions} options @param {boolean} isProduction
 * @returns {import('webpack').Configuration}
 */
function harnessRuntimeConfig(options, isProduction) {
  const { app, mode, context, resolve } = sharedSettings(options, isProduction);
  return {
    name: 'harness-runtime',
    dependencies: ['browser'],
    mode,
    context,
    resolve,
    entry: path.join(import.meta.dirname, 'runtime', 'harnessFederationRuntime.js'),
    devtool: isProduction ? 'source-map' : false,
    output: {
      path: path.join(options.packageDir, 'dist'),
      filename: HARNESS_RUNTIME_FILE,
      uniqueName: `${app.name}_harness_runtime`,
      clean: false,
    },
    performance: { hints: false },
  };
}

/**
 * The server build: a Node container a host loads over HTTP at run time, beside the browser one,
 * with the same exposes and shared singletons; for the host, the module that renders a request.
 * @param {FederatedAppOptions} options @param {boolean} isProduction
 * @returns {import('webpack').Configuration}
 */
function serverConfig(options, isProduction) {
  const { packageDir, exposes = {}, serverEntry } = options;
  const { app, federation, ...settings } = sharedSettings(options, isProduction);
  const isHost = Boolean(serverEntry);
  // A remote's server files are named into `server/` under the browser build's root, so its
  // public path (set at run time by serverPublicPath.js) is the browser build's; the host's own
  // server bundle is read from disk and has no assets.
  const folder = isHost ? '' : `${SERVER_FOLDER}/`;
  return {
    ...settings,
    name: 'server',
    // Built after the browser build, which empties dist/ first.
    dependencies: ['browser'],
    target: 'async-node',
    entry: serverEntry ? { main: serverEntry } : {},
    devtool: 'source-map',
    output: {
      path: path.join(packageDir, 'dist', isHost ? SERVER_FOLDER : ''),
      publicPath: isHost ? '/' : '',
      filename: `${folder}[name].js`,
      chunkFilename: `${folder}[name].[contenthash:12].js`,
      assetModuleFilename: `assets/[name]${isProduction ? '.[contenthash:12]' : ''}[ext]`,
      library: { type: 'commonjs-module' },
      uniqueName: `${app.name}_server`,
      clean: false,
    },
    module: { rules: moduleRules({ isProduction, isServer: true, app: app.name }) },
    optimization: { minimize: false },
    plugins: [
      new ModuleFederationPlugin({
        ...federation,
        filename: `${folder}remoteEntry.js`,
        exposes,
        manifest: false,
        remoteType: 'script',
        library: { type: 'commonjs-module' },
        runtimePlugins: [
          // Its ES module build, which serverPublicPath.js imports too: one copy in the container.
          fileURLToPath(import.meta.resolve('@module-federation/node/runtimePlugin')),
          ...(isHost ? [] : [path.join(import.meta.dirname, 'runtime', 'serverPublicPath.js')]),
        ],
      }),
      new MiniCssExtractPlugin(),
    ],
    performance: { hints: false },
  };
}

/**
 * The one webpack configuration of the site. Every app (shell and remotes) calls it with its name
 * and exposes; it builds the app twice from the same sources: for browsers, and for Node.
 *
 * @param {FederatedAppOptions} options
 */
export function createFederatedConfig(options) {
  /**
   * @param {Record<string, unknown>} env
   * @param {{ mode?: string }} argv
   */
  return (env, argv) => {
    const isProduction = argv.mode !== 'development';
    // The dev servers hot-reload the browser build only (the composed dev site renders in the
    // browser), each remote with its own federation runtime bundled, as one compiler serves it.
    if (env?.WEBPACK_SERVE) return browserConfig(options, isProduction);
    const isRemote = Object.keys(options.exposes ?? {}).length > 0;
    return [
      browserConfig(options, isProduction, { usesHostRuntime: isRemote }),
      serverConfig(options, isProduction),
      ...(isRemote ? [harnessRuntimeConfig(options, isProduction)] : []),
    ];
  };
}
