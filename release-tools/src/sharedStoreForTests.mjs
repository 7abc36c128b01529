// Staging and production on one store of versions, each with its own registry, by registry kind:
// the set-up of the tests of what one environment's prune may delete.
import path from 'node:path';
import { mkdir, symlink } from 'node:fs/promises';

/**
 * The two environments' variables, by registry kind. Files: a RELEASES_DIR each, whose `hosts/`
 * is one folder (the same store), each naming the other's registry file. Postgres: one
 * RELEASES_DIR (its store), two environments named after the test of one database.
 * @type {Record<string, (root: string, name: string, databaseUrl: string) => Promise<{ staging: NodeJS.ProcessEnv, production: NodeJS.ProcessEnv }>>}
 */
export const SHARED_STORE_KINDS = {
  'file registries': async (root) => {
    const [staging, production] = [path.join(root, 'staging'), path.join(root, 'production')];
    await mkdir(path.join(staging, 'hosts'), { recursive: true });
    await mkdir(production);
    await symlink(path.join(staging, 'hosts'), path.join(production, 'hosts'));
    const registryFile = (/** @type {string} */ dir) => path.join(dir, 'registry', 'remotes.json');
    return {
      staging: {
        RELEASES_DIR: staging,
        RELEASES_ENV: 'staging',
        RELEASES_SHARED_REGISTRIES: registryFile(production),
      },
      production: {
        RELEASES_DIR: production,
        RELEASES_ENV: 'production',
        RELEASES_SHARED_REGISTRIES: registryFile(staging),
      },
    };
  },
  'the Postgres registry': async (root, name, databaseUrl) => {
    const shared = { RELEASES_DIR: path.join(root, 'releases'), RELEASES_REGISTRY_URL: databaseUrl };
    return {
      staging: { ...shared, RELEASES_ENV: `${name}-staging` },
      production: { ...shared, RELEASES_ENV: `${name}-production` },
    };
  },
};
