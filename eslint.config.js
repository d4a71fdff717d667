import js from '@eslint/js';
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

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**'] },
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
            { group: ['node:*', 'react', 'react-dom', 'drizzle-orm', 'drizzle-orm/*', 'fastify'], message: 'src/shared has no Node, DOM or database imports.' },
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
          patterns: boundary(['server'], 'The client never imports the server; use the shared API schemas.').map((p) => ({
            ...p,
            group: [...p.group, '!react-dom/server'],
          })),
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
