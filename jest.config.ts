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
  // `npm test` runs jest under `node --liftoff-only` (workers and their database threads inherit it):
  // each file's embedded database compiles PGlite's WASM anew, and V8's optimising tier-up of it is
  // CPU a short-lived database never earns back (5-7 % less wall on files that start servers), and
  // code it replaces and frees: Node 24's V8 aborts now and then while freeing WASM code under such
  // churn ("Check failed: jit_page_->allocations_.erase(addr) == 1", nodejs/node#64500), as one
  // CI run here did. docs/decisions.md, Feedback and the house.
  maxWorkers: 2,
  // A worker holds 0.6-1.1 GB at the end of a PGlite run (each file's embedded database and module
  // graph); handed END it drops its listener and exits within a millisecond with no handle left open,
  // but the operating system then takes 0.2-0.6 s to tear the process down, and jest force-kills
  // at 500 ms and prints "failed to exit gracefully" (measured from both sides, docs/decisions.md).
  workerGracefulExitTimeout: 5_000,
  testTimeout: 60_000,
};

export default config;
