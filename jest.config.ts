import type { Config } from 'jest';

const config: Config = {
  // jest's node environment, carrying the embedded database's compiled WASM from file to file.
  testEnvironment: '<rootDir>/test/helpers/environment.ts',
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
  // `npm test` runs jest under `node --no-wasm-code-gc` (workers inherit it), and the test
  // environment hands every file of a worker the one compiled PGlite module (test/helpers/environment.ts):
  // V8 optimises the database's hot WASM functions once per worker rather than once per file, and
  // never frees WASM code during the run. Freeing it is what Node 24's V8 aborts on now and then
  // under churn ("Check failed: jit_page_->allocations_.erase(addr) == 1", nodejs/node#64500), as
  // one CI run here did; that churn was a module per file, optimised and freed in each.
  // docs/decisions.md, Feedback and the house.
  maxWorkers: 2,
  // A worker holds 0.6-1.1 GB at the end of a PGlite run (each file's embedded database and module
  // graph); handed END it drops its listener and exits within a millisecond with no handle left open,
  // but the operating system then takes 0.2-0.6 s to tear the process down, and jest force-kills
  // at 500 ms and prints "failed to exit gracefully" (measured from both sides, docs/decisions.md).
  workerGracefulExitTimeout: 5_000,
  testTimeout: 60_000,
};

export default config;
