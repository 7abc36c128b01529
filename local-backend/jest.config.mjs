import { createJestConfig } from 'build-tools/jest';

export default {
  ...createJestConfig(import.meta.dirname, { environment: 'node' }),
  testTimeout: 30_000,
  // Against one shared Postgres server (DATABASE_URL) the files must not empty each other's tables.
  maxWorkers: process.env.DATABASE_URL ? 1 : '50%',
};
