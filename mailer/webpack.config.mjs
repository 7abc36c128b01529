import path from 'node:path';

/**
 * The mailer's build: Node 20, CommonJS, swc as in the repository's other builds. Entries:
 * dist/main.js (the service), dist/dev.js (the service with MailDev, for `npm run dev`) and
 * dist/index.js (the API: startMailer, startMailDev, mailDevInbox),
 * whose named exports Node's ES module loader can see (library commonjs-static), for the e2e suite
 * and scripts/serveComposedSite.mjs. The workspaces that are TypeScript sources with no build of
 * their own (site-config, supabase-schema) are bundled; the config reads SITE_* from the
 * environment when the service starts; every other package stays a require() of node_modules.
 */
const BUNDLED = ['site-config', 'supabase-schema'];

export default (_env, { mode = 'production' } = {}) => ({
  mode,
  target: 'node20',
  context: import.meta.dirname,
  entry: {
    main: './src/main.ts',
    dev: './src/dev.ts',
    index: { import: './src/index.ts', library: { type: 'commonjs-static' } },
  },
  output: {
    path: path.join(import.meta.dirname, 'dist'),
    filename: '[name].js',
    clean: true,
  },
  devtool: 'source-map',
  // A server: readable stack traces matter more than bytes.
  optimization: { minimize: false },
  node: { __dirname: false, __filename: false },
  resolve: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  externalsPresets: { node: true },
  externals: [
    ({ request }, callback) => {
      if (!request || request.startsWith('.') || path.isAbsolute(request)) return callback();
      const name = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
      if (BUNDLED.includes(name)) return callback();
      return callback(null, `commonjs ${request}`);
    },
  ],
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
              transform: { react: { runtime: 'automatic' } },
              target: 'es2023',
            },
          },
        },
      },
    ],
  },
  performance: { hints: false },
});
