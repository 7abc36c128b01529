// A build's files as a version takes them: plain files and folders only, read without following a
// link, so a version holds its own bytes and never a path to something outside it.
import path from 'node:path';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir } from 'node:fs/promises';

/** What a build may hold besides files and folders, named for the refusal. @param {import('node:fs').Stats} entry */
function kindOf(entry) {
  if (entry.isSymbolicLink()) return 'a symbolic link';
  if (entry.isSocket()) return 'a socket';
  if (entry.isFIFO()) return 'a FIFO';
  if (entry.isBlockDevice() || entry.isCharacterDevice()) return 'a device file';
  return 'not a plain file';
}

/** @param {string} dir @param {string} file @param {import('node:fs').Stats} entry */
function refusal(dir, file, entry) {
  return new Error(
    `${path.join(dir, file)} is ${kindOf(entry)}: a version holds only its own files (copy what it points to into the build)`,
  );
}

/**
 * Every file below a folder, as a `/`-separated path inside it; refuses, naming it, anything that
 * is neither a plain file nor a folder (a hard-linked file is a plain file).
 * @param {string} dir @param {string} [prefix]
 * @returns {Promise<string[]>}
 */
export async function filesUnder(dir, prefix = '') {
  const files = [];
  for (const name of await readdir(path.join(dir, prefix))) {
    const relative = path.posix.join(prefix, name);
    const entry = await lstat(path.join(dir, relative));
    if (entry.isDirectory()) files.push(...(await filesUnder(dir, relative)));
    else if (entry.isFile()) files.push(relative);
    else throw refusal(dir, relative, entry);
  }
  return files;
}

/**
 * One file's bytes, refused if it became a link (or anything else) since it was listed: opened
 * without following a link, and checked on the open file.
 * @param {string} dir @param {string} file a path from filesUnder
 */
export async function readBuildFile(dir, file) {
  const handle = await open(path.join(dir, file), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0)).catch(
    async (/** @type {NodeJS.ErrnoException} */ error) => {
      if (error.code === 'ELOOP') throw refusal(dir, file, await lstat(path.join(dir, file)));
      throw error;
    },
  );
  try {
    const entry = await handle.stat();
    if (!entry.isFile()) throw refusal(dir, file, entry);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Copies a build into a new folder as plain files (a link in it is refused before anything is
 * written), and returns the files copied.
 * @param {string} from @param {string} to a folder that does not exist yet
 */
export async function copyBuild(from, to) {
  const files = await filesUnder(from);
  await mkdir(to);
  for (const file of files) {
    await mkdir(path.dirname(path.join(to, file)), { recursive: true });
    const destination = await open(path.join(to, file), 'wx');
    try {
      await destination.writeFile(await readBuildFile(from, file));
    } finally {
      await destination.close();
    }
  }
  return files;
}
