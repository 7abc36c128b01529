import path from 'node:path';
import { execFile } from 'node:child_process';
import { REPOSITORY_ROOT, type ComposedSite } from './site';

export interface CommandResult {
  code: number;
  output: string;
}

/**
 * Runs a team's release command (release, rollback, preview, releases) in a remote's package folder, as
 * `npm run <command> --workspace remote-<name>` does, against the test site's releases. It runs in
 * a process of its own, so the site's servers keep answering meanwhile.
 */
export function releaseCommand(
  site: ComposedSite,
  packageDir: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<CommandResult> {
  return teamCommand(packageDir, args, { RELEASES_DIR: site.releasesDir, ...env });
}

/**
 * Runs a team's release command in `packageDir` (a folder named after the remote's package),
 * configured by `env` alone, as the team's CI runs it.
 */
export function teamCommand(
  packageDir: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const cli = path.join(REPOSITORY_ROOT, 'release-tools', 'src', 'cli.mjs');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { cwd: packageDir, env: { ...process.env, ...env }, timeout: 170_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}
