import { createJestConfig } from 'build-tools/jest';

export default createJestConfig(import.meta.dirname);
