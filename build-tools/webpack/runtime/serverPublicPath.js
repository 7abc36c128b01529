/* global __webpack_require__, URL */
/**
 * Runtime plugin of every remote's Node container. Its files sit in `server/` beside the browser
 * build, and their names carry that folder, so one public path serves both: the browser build's
 * root, found from the URL the host loaded this container from. Asset URLs in server HTML are then
 * the very URLs the browser build uses, and hydration sees no difference.
 */
function entryUrlOf(name) {
  const instances = globalThis.__FEDERATION__?.__INSTANCES__ ?? [];
  for (const instance of instances) {
    const entry = instance?.moduleCache?.get(name)?.remoteInfo?.entry;
    if (entry && /^https?:/.test(entry) && !entry.endsWith('.json')) return entry;
  }
  return null;
}

export default function serverPublicPath() {
  return {
    name: 'server-public-path',
    beforeInit(args) {
      const entry = entryUrlOf(args.options.name);
      if (entry) __webpack_require__.p = new URL('../', entry).href;
      return args;
    },
  };
}
