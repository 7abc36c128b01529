import path from 'node:path';
import { existsSync } from 'node:fs';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { findApp } from '../apps.mjs';
import { sharedSingletons } from './sharedSingletons.mjs';

/** Variables of the one site configuration (site-config), which every app bundles. */
const SITE_CONFIG_VARIABLES = ['SITE_NAME', 'SITE_PHONE', 'SITE_EMAIL', 'SITE_URL'];

/** Files a browser must revalidate on every load so a redeployed remote is picked up at once. */
export const ALWAYS_REVALIDATED = [
  'index.html',
  'remotes.json',
  'mf-manifest.json',
  'mf-stats.json',
  'remoteEntry.js',
];

/**
 * The one webpack configuration of the site. Every app (shell and remotes) calls it with its name
 * and exposes; a remote also gets an isolation harness as its own index.html.
 *
 * @param {object} options
 * @param {string} options.packageDir the app's folder (import.meta.dirname of its webpack config)
 * @param {Record<string, string>} [options.exposes] federation exposes of a remote
 * @param {string[]} [options.environment] build-time variables the app reads through process.env
 * @param {string} [options.title] the html title before the app sets its own
 * @param {string[]} [options.preloadFetches] same-origin URLs the app fetches at start, requested
 *   by index.html in parallel with the scripts instead of after them
 */
export function createFederatedConfig({
  packageDir,
  exposes = {},
  environment = [],
  title = 'Agency',
  preloadFetches = [],
}) {
  const app = findApp(path.basename(packageDir));
  const isHost = Object.keys(exposes).length === 0;
  const publicFolder = path.join(packageDir, 'public');

  /**
   * @param {unknown} _env
   * @param {{ mode?: string }} argv
   * @returns {import('webpack').Configuration & { devServer?: object }}
   */
  return (_env, argv) => {
    const isProduction = argv.mode !== 'development';
    const hashed = isProduction ? '.[contenthash:12]' : '';
    return {
      mode: isProduction ? 'production' : 'development',
      context: packageDir,
      entry: './src/index.ts',
      devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(packageDir, 'dist'),
        // The shell serves deep links from one index.html, so its chunks need absolute URLs; a
        // remote's chunks are found next to whatever URL its remoteEntry.js was loaded from.
        publicPath: isHost ? '/' : 'auto',
        // Entry chunks keep plain names (federation's runtime cannot template a content hash for
        // the chunk it lives in); they are tiny and served no-cache, like remoteEntry.js.
        filename: '[name].js',
        chunkFilename: `[name]${hashed}.js`,
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        uniqueName: app.name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !isProduction } },
                  target: 'es2022',
                },
              },
            },
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(png|jpe?g|webp|avif|svg|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js',
          exposes,
          // Remotes are registered at run time from the shell's registry, never at build time.
          remotes: {},
          shared: sharedSingletons(packageDir),
          // A remote that is down must never hold up the shell's own start.
          shareStrategy: 'loaded-first',
          manifest: true,
          // Types cross the boundary through declared contracts, not by fetching running remotes.
          dts: false,
          // Browsers only: leaves Node's remote-loading code out of every container's runtime.
          experiments: { optimization: { target: 'web' } },
        }),
        new webpack.EnvironmentPlugin(
          Object.fromEntries([...SITE_CONFIG_VARIABLES, ...environment].map((name) => [name, null])),
        ),
        new HtmlWebpackPlugin({
          template: path.join(import.meta.dirname, 'index.html'),
          title,
          preloadFetches,
          // Deep links (/services/seo) load the same page, so its scripts need absolute URLs.
          publicPath: '/',
        }),
        ...(existsSync(publicFolder) ? [new CopyWebpackPlugin({ patterns: [{ from: publicFolder }] })] : []),
      ],
      performance: { hints: false },
      devServer: {
        port: app.port,
        historyApiFallback: true,
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false } },
      },
    };
  };
}
