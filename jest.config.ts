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
  testTimeout: 60_000,
};

export default config;
