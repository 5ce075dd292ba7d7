import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pwa } from './pwa/plugin';
import { precompressed } from './pwa/precompress';

/**
 * The workspace packages (@trenchline/domain ...) export their TypeScript sources (./src/index.ts).
 * npm links them into node_modules, and Vite resolves the links to their real paths outside
 * node_modules, so they are compiled as source like the app's own files: nothing to pre-bundle.
 */
const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), pwa(), precompressed()],
  root: import.meta.dirname,
  resolve: {
    preserveSymlinks: false,
    // The domain imports its siblings with explicit '.ts' extensions; Vite handles that natively.
    extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
  },
  optimizeDeps: { exclude: ['@trenchline/domain'] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/socket.io': { target: api, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // One app chunk (~900 kB, ~280 kB gzipped: Mantine, React, zod via the domain).
    chunkSizeWarningLimit: 1200,
  },
});
