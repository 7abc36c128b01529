/* global __webpack_require__, URL */
import { returnFromCache, returnFromGlobalInstances } from '@module-federation/node/runtimePlugin';

/**
 * Runtime plugin of every remote's Node container. Its files sit in `server/` beside the browser
 * build, and their names carry that folder, so one public path serves both: the browser build's
 * root, found from the URL the host loaded this container from. Asset URLs in server HTML are then
 * the very URLs the browser build uses, and hydration sees no difference.
 *
 * The URL comes from the lookups the node runtime plugin itself uses to find a remote's chunks, in
 * its order (`returnFromCache`, then the registered remotes): the host registered either the
 * manifest, which sits in the browser build's root, or the container in `server/`. Left unset, the
 * plugin's own fallback resolves chunks from the manifest's folder as if it were `server/`'s,
 * which is wrong for a version under a path (`/releases/<version>/`).
 */
export default function serverPublicPath() {
  return {
    name: 'server-public-path',
    beforeInit(args) {
      const entry = returnFromCache(args.options.name) ?? returnFromGlobalInstances(args.options.name);
      if (entry && /^https?:/.test(entry)) {
        __webpack_require__.p = new URL(entry.endsWith('.json') ? './' : '../', entry).href;
      }
      return args;
    },
  };
}
