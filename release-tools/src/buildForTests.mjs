// A stand-in for a remote's build in the tests: the files a version needs, and nothing to render.
import path from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';

/**
 * Writes a build of remote-marketing whose one file says `text`, under `<root>/builds/<text>/`;
 * the same text is the same bytes, so the same version. `languages`: those its manifest declares.
 * @param {string} root @param {string} text @param {string[]} [languages]
 * @returns {Promise<string>} the build's folder
 */
export async function writeBuildForTests(root, text, languages) {
  const dir = path.join(root, 'builds', text);
  await mkdir(path.join(dir, 'server'), { recursive: true });
  const manifest = languages ? { text, metaData: { languages } } : { text };
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(dir, 'server', 'remoteEntry.js'), `// ${text}`);
  return dir;
}
