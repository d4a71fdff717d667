import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [react(), tailwindcss(), precompress(`${root}dist/client`)],
  resolve: {
    alias: {
      '@shared': `${root}src/shared`,
      '@': `${root}src/client`,
    },
  },
  build: {
    outDir: `${root}dist/client`,
    emptyOutDir: true,
    sourcemap: true,
    // Lets `npm run bench` follow each route's static imports (bench/bundle.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${process.env.PORT ?? '3000'}`,
      '/content': `http://localhost:${process.env.PORT ?? '3000'}`,
    },
  },
});
