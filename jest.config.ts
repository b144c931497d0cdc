import type { Config } from 'jest';

const config: Config = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2024' }, module: { type: 'es6' } }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // Every answer received through server.api() is checked against /openapi.json; the total is printed.
  setupFilesAfterEnv: ['<rootDir>/test/helpers/openapi-count.ts'],
  reporters: ['default', '<rootDir>/test/helpers/slowest-files.ts'],
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
  // Two cores here: two workers, each test file with its own database.
  maxWorkers: 2,
  // A worker holds 0.6-1.1 GB at the end of a PGlite run (each file's embedded database and module
  // graph); handed END it drops its listener and exits within a millisecond with no handle left open,
  // but the operating system then takes 0.2-0.6 s to tear the process down, and jest force-kills
  // at 500 ms and prints "failed to exit gracefully" (measured from both sides, docs/decisions.md).
  workerGracefulExitTimeout: 5_000,
  testTimeout: 60_000,
};

export default config;
