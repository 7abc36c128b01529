import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPOSITORY_ROOT } from './site';

const CANDIDATES = path.join(REPOSITORY_ROOT, 'e2e', '.candidate');

/** One file of the candidate changed, as its team would change it. */
export interface CandidateChange {
  file: string;
  edit: (text: string) => string;
}

/**
 * A candidate version of one remote's sources, as its team would change them: a copy of the
 * package with some files changed (its own folder name, so several candidates can coexist). The
 * working tree is never touched. Returns the copy's folder, whose `dist` a build writes.
 */
export function prepareCandidate(
  packageDir: string,
  changes: readonly CandidateChange[],
  name: string = packageDir,
): string {
  const copyDir = path.join(CANDIDATES, name, packageDir);
  rmSync(copyDir, { recursive: true, force: true });
  cpSync(path.join(REPOSITORY_ROOT, packageDir), copyDir, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist)$/.test(source),
  });
  for (const change of changes) {
    const changed = path.join(copyDir, change.file);
    writeFileSync(changed, change.edit(readFileSync(changed, 'utf8')));
  }
  return copyDir;
}

/**
 * Builds a candidate version of one remote (prepareCandidate) for production with the package's
 * own webpack config. Returns the folder holding the new build. `environment` adds build
 * variables (e.g. MODULE_FEDERATION_PACKAGE, an older federation release).
 */
export function buildCandidate(
  packageDir: string,
  changes: readonly CandidateChange[],
  environment: Record<string, string> = {},
): string {
  const copyDir = prepareCandidate(packageDir, changes);
  execFileSync(path.join(REPOSITORY_ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
    cwd: copyDir,
    env: { ...process.env, ...environment },
    stdio: 'pipe',
  });
  return path.join(copyDir, 'dist');
}

/** Replaces text the change expects to find, and fails loudly when the source has moved on. */
export function replaceOnce(text: string, expected: string, replacement: string): string {
  if (!text.includes(expected)) throw new Error(`The candidate change expected to find: ${expected}`);
  return text.replace(expected, replacement);
}

/**
 * A copy of a remote's current build that differs by one byte of its manifest: a new version, to
 * publish. `name`: its own folder.
 */
export function anotherVersionOf(dir: string, name: string): string {
  const dist = path.join(CANDIDATES, name);
  rmSync(dist, { recursive: true, force: true });
  cpSync(path.join(REPOSITORY_ROOT, dir, 'dist'), dist, { recursive: true });
  const manifestFile = path.join(dist, 'mf-manifest.json');
  writeFileSync(manifestFile, `${readFileSync(manifestFile, 'utf8')}\n`);
  return dist;
}

/**
 * A copy of a remote's current build whose text `from` reads `to` wherever its scripts (the
 * browser's and the server's) carry it: a candidate that looks different, with no build.
 */
export function versionWithText(dir: string, name: string, from: string, to: string): string {
  const dist = anotherVersionOf(dir, name);
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.js'),
  );
  for (const file of files.map((file) => path.join(dist, file))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes(from)) continue;
    writeFileSync(file, text.replaceAll(from, to));
    // The host would send the precompressed copies of the old text.
    for (const compressed of [`${file}.br`, `${file}.gz`]) rmSync(compressed, { force: true });
  }
  return dist;
}

/**
 * A copy of a remote's current build whose manifest declares only `languages`: to the shell and to
 * the release commands, a version that has not shipped the others yet.
 */
export function versionWithLanguages(dir: string, name: string, languages: readonly string[]): string {
  const dist = anotherVersionOf(dir, name);
  const manifestFile = path.join(dist, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { metaData: { languages?: string[] } };
  manifest.metaData.languages = [...languages];
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  for (const compressed of [`${manifestFile}.br`, `${manifestFile}.gz`]) rmSync(compressed, { force: true });
  return dist;
}
