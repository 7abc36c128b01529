// The release host's check that a file it serves as part of a version is one of that version's
// own: its real path (links followed) lies in the version's real folder. A version folder holds
// plain files (release-tools copies none of a build's links); this holds even if one is planted.
import path from 'node:path';
import { realpath } from 'node:fs/promises';

/**
 * @fastify/static's `onFile` for the versions root: throws a 404 for a file (the one chosen to
 * send, a precompressed copy included) whose real path is outside its version's folder, or whose
 * version folder is itself a link.
 * @param {string} versionsRoot
 * @returns {(file: string) => Promise<void>}
 */
export function refuseFilesOutsideTheirVersion(versionsRoot) {
  const root = path.resolve(versionsRoot);
  return async (file) => {
    const [version] = path.relative(root, file).split(path.sep);
    const realRoot = await realpath(root);
    const realVersion = await realpath(path.join(root, version ?? ''));
    const realFile = await realpath(file);
    const inside =
      version &&
      realVersion === path.join(realRoot, version) &&
      realFile.startsWith(`${realVersion}${path.sep}`);
    if (!inside) {
      throw Object.assign(new Error('Not found'), { statusCode: 404 });
    }
  };
}
