// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

/** Modules that do I/O or are non-deterministic: never imported by workflow code. */
const forbiddenInWorkflows = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  'openai',
  'pg',
  'express',
  'undici',
  'pino',
  '@prisma/client',
  '@prisma/adapter-pg',
  '@temporalio/client',
  '@temporalio/worker',
  '@temporalio/activity',
  '@modelcontextprotocol/sdk',
];

/**
 * The SDK's internals (`@temporalio/<pkg>/lib/...`) are imported in one adapter only
 * (infra/temporal/sdk-adapter.ts, docs/adr/0044). The OpenTelemetry package's workflow entry is
 * `lib/workflow`, the path its own documentation gives for workflow code.
 */
const sdkInternals = {
  regex: '^@temporalio/(?!interceptors-opentelemetry/lib/workflow/)[^/]+/lib/',
  message: 'Public SDK API only: SDK internals live in infra/temporal/sdk-adapter.ts (docs/adr/0044).',
};

/** The layers (docs/architecture.md): api/ and activities/ both use domain/, never each other. */
const layers = {
  api: { group: ['**/activities/**'], message: 'api/ and activities/ share code through domain/, not each other.' },
  activities: { group: ['**/api/**'], message: 'activities/ and api/ share code through domain/, not each other.' },
  domain: {
    group: ['**/api/**', '**/activities/**'],
    message: 'domain/ is below api/ and activities/: it imports neither.',
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      '.test-build/**',
      'generated/**',
      'clients/typescript/src/schema.ts',
      'clients/python/**',
      '.data/**',
      '.tools/**',
      'scratch/**',
      'coverage/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { patterns: [sdkInternals] }],
    },
  },
  ...Object.entries(layers).map(([folder, rule]) => ({
    files: [`${folder}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [sdkInternals, rule] }] },
  })),
  {
    // The adapter and its test are the one place for SDK internals.
    files: ['infra/temporal/sdk-adapter.ts', 'test/unit/sdk-adapter.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: forbiddenInWorkflows.map((name) => ({
            name,
            message: 'Workflow code must be deterministic: do I/O in an activity.',
          })),
          patterns: [
            {
              group: ['**/activities/*'],
              message: 'Workflows import activity types from contracts/generation.',
              allowTypeImports: true,
            },
            {
              group: ['**/infra/**', '**/api/**', '**/domain/**', '**/generated/**'],
              message: 'Workflows must not import I/O modules.',
            },
            sdkInternals,
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'Use sleep() from @temporalio/workflow.' },
        { name: 'setInterval', message: 'Use sleep() in a loop.' },
        { name: 'fetch', message: 'Do I/O in an activity.' },
        { name: 'process', message: 'Workflows cannot read the environment.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the workflow random API (it is deterministic).' },
        { object: 'console', property: 'log', message: 'Use log from @temporalio/workflow.' },
      ],
    },
  },
  {
    // Workflow modules are evaluated once per worker and shared by every run (docs/adr/0022):
    // module-level variables would carry one run's state into another.
    files: ['workflows/**/*.ts', 'contracts/generation/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Program > VariableDeclaration[kind!="const"], ExportNamedDeclaration > VariableDeclaration[kind!="const"]',
          message: 'Workflow modules are shared by all runs of a worker: keep run state in objects the run creates.',
        },
      ],
    },
  },
  {
    // The generation contract is bundled into the workflow: pure code and type-only imports.
    files: ['contracts/generation/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: forbiddenInWorkflows.map((name) => ({ name, message: 'The generation contract must stay pure.' })),
          patterns: [
            { group: ['../../*'], message: 'The generation contract imports nothing outside contracts/.' },
            {
              // user-regex: pure (RE2 in JavaScript), also run in the workflow sandbox.
              group: ['../*', '!../user-regex.js'],
              message: 'The generation contract imports only types from contracts/schemas.',
              allowTypeImports: true,
            },
            sdkInternals,
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scratch/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Browser code served as is (widget, console): no type information, browser globals.
    files: ['web/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      sourceType: 'module',
      parserOptions: { projectService: false, program: null },
      globals: Object.fromEntries(
        [
          'window',
          'document',
          'location',
          'console',
          'fetch',
          'sessionStorage',
          'localStorage',
          'setInterval',
          'clearInterval',
          'URL',
          'URLSearchParams',
          'TextDecoder',
          'AbortController',
          'CSSStyleSheet',
          'Node',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
);
