import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { createFederatedConfig } from 'build-tools/webpack';
import { findApp } from 'build-tools/apps';
import { remote as marketing } from '../../remote-marketing/webpack.config.mjs';
import { remote as booking } from '../../remote-booking/webpack.config.mjs';
import { remote as contact } from '../../remote-contact/webpack.config.mjs';

/**
 * The benchmark's baseline: the same shell and the same exposed pages built as ONE app, without
 * federation. The shell's `remotes/browserRemotes` is swapped for a loader that imports each
 * exposed module as an ordinary lazy chunk, so the only difference measured is federation itself.
 */
const REMOTES = [marketing, booking, contact];
const shellDir = path.resolve(import.meta.dirname, '..', '..', 'shell');
const outputDir = path.resolve(import.meta.dirname, '..', '.monolith');
const generatedPages = path.join(outputDir, 'bundledPages.generated.ts');

/** One lazy import per exposed page, keyed like the shell's RemotePageId ("marketing/HomePage"). */
function writeBundledPages() {
  const entries = REMOTES.flatMap(({ packageDir, exposes }) =>
    Object.entries(exposes).map(([exposed, file]) => {
      const id = `${findApp(path.basename(packageDir)).name}/${exposed.replace('./', '')}`;
      const chunk = id.replace('/', '-');
      return `  '${id}': () => import(/* webpackChunkName: "${chunk}" */ ${JSON.stringify(path.join(packageDir, file))}),`;
    }),
  );
  mkdirSync(outputDir, { recursive: true });
  writeFileSync(generatedPages, `export const bundledPages = {\n${entries.join('\n')}\n};\n`);
}

const shellConfig = createFederatedConfig({ packageDir: shellDir, title: 'Istmo Digital' });

/**
 * The module rules with the share-image loader writing no texts file: each app's build writes its
 * own share/images.json, and the monolith bundles every app's descriptor into one build. Its pages
 * link share images no server draws, which no measurement reads.
 * @param {import('webpack').Configuration['module'] extends infer M ? NonNullable<M>['rules'] : never} rules
 */
function withoutShareImageTexts(rules = []) {
  return rules.map((rule) => {
    if (!rule || typeof rule !== 'object' || String(rule.resourceQuery) !== String(/shareImages/))
      return rule;
    const use = /** @type {{ loader: string, options: Record<string, unknown> }} */ (rule.use);
    return { ...rule, use: { ...use, options: { ...use.options, emit: false } } };
  });
}

/** @type {(env: Record<string, unknown>, argv: { mode?: string }) => import('webpack').Configuration} */
export default (env, argv) => {
  writeBundledPages();
  // The shell's browser build only: the monolith renders in the browser, as the site did before.
  const configs = shellConfig(env, argv);
  const config = Array.isArray(configs) ? configs.find((candidate) => candidate.name === 'browser') : configs;
  if (!config) throw new Error("The shell's webpack configuration has no browser build");
  return {
    ...config,
    // Without federation there are no singletons to negotiate, so no async boundary either.
    entry: './src/bootstrap.tsx',
    output: { ...config.output, path: path.join(outputDir, 'dist'), uniqueName: 'monolith' },
    // webpack's own chunking: the host's one start chunk is made for federation's shared
    // singletons, and here it would also pull every page into the first load.
    optimization: { ...config.optimization, splitChunks: {} },
    resolve: { ...config.resolve, alias: { 'bench-bundled-pages$': generatedPages } },
    module: { ...config.module, rules: withoutShareImageTexts(config.module?.rules ?? []) },
    plugins: [
      ...(config.plugins ?? []).filter((plugin) => !(plugin instanceof ModuleFederationPlugin)),
      new webpack.NormalModuleReplacementPlugin(
        /(^|[\\/])browserRemotes$/,
        path.join(import.meta.dirname, 'loadBundledPage.ts'),
      ),
    ],
  };
};
