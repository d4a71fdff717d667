import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@shared': `${root}src/shared`, '@': `${root}src/client` };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', include: ['src/shared/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/client/test/setup.ts'],
        },
      },
    ],
  },
});
