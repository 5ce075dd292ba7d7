// @ts-check
/**
 * `npm run lint`: typescript-eslint's recommended rules, React's hooks rules for the web, and the shape of
 * the repository: an app imports only packages/* and its own files, and a web feature reaches another
 * feature only through its index.ts. Import cycles are found by scripts/import-cycles.ts (also `npm run
 * lint`), which counts type-only imports too.
 */
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import shape from './scripts/lint/boundaries.js';

export default defineConfig(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'bench/results/**', 'coverage/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { shape },
    rules: {
      // tests/ and bench/ may import anything: they start and drive the apps from outside.
      'shape/boundaries': 'error',
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // knex's whereIn binds one parameter per value, and Postgres takes at most 65,535 to a statement:
      // a list of 100,000 rows broke the job list. One array parameter instead (packages/platform/src/sql.ts).
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(or)?where(Not)?In$/]",
          message: 'whereIn binds one parameter per value (Postgres allows 65,535): use whereAny / anyOf from @trenchline/platform (one array parameter).',
        },
      ],
    },
  },
  // Exceptions, each with its reason.
  {
    // Tests filter their own few fixture rows; the parameter limit is about what production code reads.
    files: ['tests/**', 'bench/**', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tests and benchmarks read untyped JSON bodies of the HTTP API and assert on any field of them.
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A route's body and query are what its own zod schemas parsed (RouteRequest<B = any, Q = any>): typing them
    // per route needs a generic route declaration, a redesign of every area's routes.
    files: ['apps/api/src/platform/routes.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Matching the NUL byte is the point: Postgres cannot store it, so a field refuses text containing it.
    files: ['packages/domain/src/shared/fields.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
