import path from 'node:path';

/**
 * The one jest set-up: TypeScript, JSX and the workspace's .mjs modules through swc (as in the
 * webpack build), React components in jsdom (with Node's web APIs), styles and images replaced by stubs because jsdom renders neither
 * (share images too: the build renders them).
 *
 * @param {string} packageDir the package's folder
 * @param {{ environment?: 'jsdom' | 'node' }} [options]
 */
export function createJestConfig(packageDir, { environment = 'jsdom' } = {}) {
  return {
    rootDir: packageDir,
    testEnvironment:
      environment === 'jsdom' ? path.join(import.meta.dirname, 'jsdomWithWebApis.cjs') : 'node',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    // A test fails on what it asserts, not on how fast a loaded two-core machine types into a form:
    // jest's 5 s default failed the booking form's tests while another package's tests ran beside them.
    testTimeout: 60_000,
    transform: {
      // The workspace's ES modules too (.mjs: release-registry's registry document), as CommonJS.
      '^.+\\.((t|j)sx?|mjs)$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
        },
      ],
    },
    moduleNameMapper: {
      '\\.css$': path.join(import.meta.dirname, 'styleStub.cjs'),
      '\\.(png|jpe?g|webp|avif|svg)$': path.join(import.meta.dirname, 'fileStub.cjs'),
      '\\.json\\?shareImages$': path.join(import.meta.dirname, 'shareImagesStub.cjs'),
    },
  };
}
