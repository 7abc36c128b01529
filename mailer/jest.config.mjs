import { createJestConfig } from 'build-tools/jest';

export default {
  ...createJestConfig(import.meta.dirname, { environment: 'node' }),
  testTimeout: 30_000,
};
