// `npm run lint` (and .ci/run). Type-aware: the rules that catch a promise nobody awaits or a
// promise passed where a callback's result is ignored need the type checker, so every file is
// linted with the project's tsconfig.json.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'coverage/', 'data/', 'src/graphql/__generated__/', '.scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Imports name their .ts files; import-x must parse them as TypeScript to follow a cycle.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The house convention: a leading underscore names what is deliberately unused (a rest
      // sibling left out of a copy, a parameter an interface requires).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Off: `async` marks functions that fulfil a Promise-returning contract (a drop(), a handler)
      // even when their body has nothing to await; what matters, that every promise is awaited or
      // handled, is no-floating-promises' and no-misused-promises' job.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read HTTP answers, whose JSON bodies are `any` by nature (supertest's res.body) and are
    // checked by assertions and against /openapi.json (test/helpers/openapi-check.ts), not by types.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // The house (docs/architecture.md): REST is one transport beside GraphQL and MCP; what they share
    // (who is calling, how a resource looks) lives in http/ and representation/. Only the app's
    // assembly mounts REST.
    files: ['src/**/*.ts'],
    ignores: ['src/rest/**', 'src/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/rest/*', '**/rest/**'], message: 'Only src/app.ts imports from src/rest/.' }] },
      ],
    },
  },
  {
    // SQL is written two ways (docs/architecture.md): the ORM's entities, or query() with bound parameters.
    files: ['src/**/*.ts'],
    ignores: ['src/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='execute']", message: 'Use query() from src/db/sql.ts, or the ORM.' },
      ],
    },
  },
  {
    // Plain JavaScript config files: no type information.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
