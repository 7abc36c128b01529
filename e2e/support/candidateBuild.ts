import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPOSITORY_ROOT } from './site';

const CANDIDATES = path.join(REPOSITORY_ROOT, 'e2e', '.candidate');

/**
 * Builds a candidate version of one remote, as its team would before deploying it: a copy of the
 * package with one translation changed, built for production with the package's own webpack
 * config. The working tree is never touched. Returns the folder holding the new build.
 */
export function buildCandidate(
  packageDir: string,
  change: { file: string; edit: (text: string) => string },
): string {
  const copyDir = path.join(CANDIDATES, packageDir);
  rmSync(copyDir, { recursive: true, force: true });
  cpSync(path.join(REPOSITORY_ROOT, packageDir), copyDir, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist)$/.test(source),
  });
  const changed = path.join(copyDir, change.file);
  writeFileSync(changed, change.edit(readFileSync(changed, 'utf8')));
  execFileSync(path.join(REPOSITORY_ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
    cwd: copyDir,
    stdio: 'pipe',
  });
  return path.join(copyDir, 'dist');
}
