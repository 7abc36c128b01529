// Builds of remote-marketing for the release scenarios, copied from its dist: good ones that differ
// by a byte (each a version of its own), and a broken upload (its Node container lost).
import path from 'node:path';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * A copy of marketing's build in `folder`/builds/`name`.
 * @param {string} folder @param {string} name @param {'good' | 'broken'} kind
 */
export async function marketingBuild(folder, name, kind) {
  const dist = path.join(folder, 'builds', name);
  await cp(path.join(repositoryRoot, 'remote-marketing', 'dist'), dist, { recursive: true });
  const manifest = path.join(dist, 'mf-manifest.json');
  await writeFile(manifest, `${await readFile(manifest, 'utf8')}\n${' '.repeat(name.length)}`);
  if (kind === 'broken') await rm(path.join(dist, 'server', 'remoteEntry.js'));
  return dist;
}
