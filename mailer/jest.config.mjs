import { createJestConfig } from 'build-tools/jest';

const base = createJestConfig(import.meta.dirname, { environment: 'node' });

export default {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // The local backend from its sources, as its own tests run it: `npm test` runs the unit tests
    // before any build, so its dist may not exist yet.
    '^local-backend$': '<rootDir>/../local-backend/src/index.ts',
  },
  testTimeout: 30_000,
};
