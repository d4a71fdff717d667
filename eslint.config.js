import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (docs/architecture.md#code-conventions): shared imports neither side; client and server never
 * import each other.
 */
const boundary = (forbidden, message) =>
  forbidden.flatMap((dir) => [
    { group: [`**/${dir}/**`, `**/${dir}`], message },
    ...(dir === 'client' ? [{ group: ['@/*'], message }] : []),
  ]);

/**
 * Module walls (docs/architecture.md#modules): a file of one server module (src/server/modules/<name>/) or client
 * feature (src/client/features/<name>/) imports another only through that one's public file, its index.ts. One zone
 * per module, so a new module is walled in as soon as its folder exists.
 */
const publicFileOnly = (dir) => {
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  return names.map((name) => ({
    target: names.filter((other) => other !== name).map((other) => `./${dir}/${other}`),
    from: `./${dir}/${name}`,
    except: ['./index.ts'],
    message: `Import ${dir}/${name} only through its public file, ${dir}/${name}/index.ts.`,
  }));
};

/**
 * The code below the server's modules (docs/architecture.md#modules): it imports no module at all, not even a public
 * file; what it needs from a module, app.ts hands it (docs/decisions/068-nothing-below-the-modules-imports-them.md).
 */
const belowTheModules = ['src/server/plugins', 'src/server/db', 'src/server/content'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...boundary(['client', 'server'], 'src/shared is pure: it imports neither the client nor the server.'),
            {
              group: ['node:*', 'react', 'react-dom', 'drizzle-orm', 'drizzle-orm/*', 'fastify'],
              message: 'src/shared has no Node, DOM or database imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: boundary(['client'], 'The server never imports the client.') }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/server/test/**'],
    rules: {
      // A route's handler is a named function (docs/architecture.md#modules): a walk through the code, a stack trace
      // and a CPU profile can start at a route by its name.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='app'][callee.property.name=/^(get|post|put|patch|delete)$/] > ArrowFunctionExpression:last-child",
          message:
            'Give the route handler a name: `async function getThing(request, reply) { … }`, named after its method and path.',
        },
        {
          selector:
            "CallExpression[callee.object.name='app'][callee.property.name=/^(get|post|put|patch|delete)$/] > FunctionExpression:last-child:not([id])",
          message:
            'Give the route handler a name: `async function getThing(request, reply) { … }`, named after its method and path.',
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: boundary(['server'], 'The client never imports the server; use the shared API schemas.') },
      ],
    },
  },
  {
    // The server's bundle of the dashboard's first screen (docs/decisions/030-dashboard-first-screen-from-the-server.md)
    // renders with React's server renderer: a library, not the app's server.
    files: ['src/client/server-render.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: boundary(['server'], 'The client never imports the server; use the shared API schemas.').map(
            (p) => ({
              ...p,
              group: [...p.group, '!react-dom/server'],
            }),
          ),
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // No import loops anywhere in the app's code (docs/architecture.md#modules); `import type` is erased, so it is no loop.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // How import-x reads TypeScript files (its TypeScript preset), with the TypeScript resolver of both tsconfigs.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders': importX.flatConfigs.typescript.settings['import-x/external-module-folders'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'src/server/tsconfig.test.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Tests may reach into another module's files to set up their data; the app's code may not.
    files: ['src/server/**/*.ts', 'src/client/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/server/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...publicFileOnly('src/server/modules'),
            ...publicFileOnly('src/client/features'),
            ...belowTheModules.map((dir) => ({
              target: `./${dir}`,
              from: './src/server/modules',
              message: `${dir} is below the modules and imports none of them: hand it what it needs from app.ts.`,
            })),
          ],
        },
      ],
    },
  },
);
