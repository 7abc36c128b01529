import path from 'node:path';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

/**
 * How every app's sources become modules, the same in its browser and its server build, so the
 * server renders exactly what the browser hydrates. CSS is extracted to files (a server-rendered
 * page links them, styled before any script runs); the server build only reads it, emits nothing.
 *
 * @param {{ isProduction: boolean, isServer: boolean, app: string }} build the app's federation name
 *   names its share images' path
 * @returns {import('webpack').RuleSetRule[]}
 */
export function moduleRules({ isProduction, isServer, app }) {
  return [
    {
      test: /\.tsx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !isProduction } },
            target: isServer ? 'es2023' : 'es2022',
          },
        },
      },
    },
    {
      test: /\.css$/,
      use: [{ loader: MiniCssExtractPlugin.loader, options: { emit: !isServer } }, 'css-loader'],
    },
    // Same file name in both builds; the server's copy is not written, its URL points at the browser's.
    {
      test: /\.(png|jpe?g|webp|avif|svg|woff2?)$/,
      type: 'asset/resource',
      generator: { emit: !isServer },
    },
    // `import images from './shareImages.json?shareImages'`: each page's Open Graph image per
    // language, drawn by the shell's server; both builds export the same URLs, the browser's writes
    // the texts the images are drawn from.
    {
      test: /\.json$/,
      resourceQuery: /shareImages/,
      type: 'javascript/auto',
      use: {
        loader: path.join(import.meta.dirname, 'shareImages', 'shareImagesLoader.mjs'),
        options: { emit: !isServer, app },
      },
    },
  ];
}
