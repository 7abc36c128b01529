import webpack from 'webpack';

/** The folder of a build's Node container, beside its browser files. */
export const SERVER_FOLDER = 'server';

const MANIFEST = 'mf-manifest.json';
/** The host's own stylesheets, which its server links into every page it renders. */
export const HOST_STYLESHEETS = 'host-stylesheets.json';

/**
 * Tells a remote's manifest where its Node container is (`metaData.ssrRemoteEntry`, which the
 * federation runtime reads outside browsers), so one registry URL serves both sides. For the
 * host, lists its CSS files for the server to link.
 */
export class ServerContainerManifestPlugin {
  /** @param {{ isHost: boolean }} options */
  constructor({ isHost }) {
    this.isHost = isHost;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(ServerContainerManifestPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: ServerContainerManifestPlugin.name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          if (this.isHost) {
            const stylesheets = compilation
              .getAssets()
              .map((asset) => asset.name)
              .filter((name) => name.endsWith('.css'))
              .sort();
            compilation.emitAsset(
              HOST_STYLESHEETS,
              new webpack.sources.RawSource(JSON.stringify(stylesheets)),
            );
            return;
          }
          const manifest = compilation.getAsset(MANIFEST);
          if (!manifest) return;
          const content = JSON.parse(manifest.source.source().toString());
          content.metaData.ssrRemoteEntry = {
            name: 'remoteEntry.js',
            path: SERVER_FOLDER,
            type: 'commonjs-module',
          };
          compilation.updateAsset(MANIFEST, new webpack.sources.RawSource(JSON.stringify(content, null, 2)));
        },
      );
    });
  }
}
