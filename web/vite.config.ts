import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const gateway = 'http://localhost:8080';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // The contracts are consumed from source, exactly as the root vitest config does.
      { find: '@meydan/proto', replacement: here('../proto/src/index.ts') },
      // No runtime schema compiler in the browser (see build/no-runtime-ajv.ts); the precompiled validators only
      // import ajv's small runtime helpers (ajv/dist/runtime/*, ajv-formats/dist/formats), which stay.
      { find: /^(ajv|ajv-errors|ajv-formats)$/, replacement: here('./build/no-runtime-ajv.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: what scripts/measure-initial-js.ts reads to weigh the first load of /.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate files that stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 3 },
            { name: 'state', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect)[\\/]/, priority: 2 },
            // Only what the first screen needs: libraries used by lazily loaded screens travel with those screens.
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/ws': { target: gateway, ws: true },
    },
  },
});
