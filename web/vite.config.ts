import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const gateway = 'http://localhost:8080';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Paths the service worker never answers: the API and the realtime socket always go to the network, and so do embeds
 * (their answer lets other sites frame them; the cached shell does not).
 */
const networkOnly = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/embed(\/|$)/];

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // The update toast asks before a new version takes over (features/pwa/serviceWorker.ts).
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      filename: 'sw.js',
      scope: '/',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'theme-boot.js', 'offline.html'],
      manifest: {
        id: '/',
        name: 'Meydan',
        short_name: 'Meydan',
        description: 'Soru sor, oy ver, meydan ne diyor gör.',
        lang: 'tr',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#0f1115',
        theme_color: '#0f1115',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: every built file, so a page opens offline after one visit.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        cleanupOutdatedCaches: true,
        // Client routes are the SPA shell; the shell decides what exists (not-found page included).
        navigateFallback: 'index.html',
        navigateFallbackDenylist: networkOnly,
        runtimeCaching: [
          {
            // Navigations the shell does not answer (the denylist above) get the offline page when the network is
            // gone. Workbox copies this function's source into sw.js, so it may not use anything from this file.
            urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/(api|ws)(\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'offline.html' } },
          },
        ],
      },
    }),
    // A .br and a .gz beside each text file, made once here at the highest levels: the gateway sends them as they are
    // (gateway/src/static-assets.ts) instead of compressing on every request. Small files are not worth a header.
    compression({
      algorithms: [defineAlgorithm('brotliCompress', {}), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|mjs|css|html|svg|webmanifest|json)$/,
      exclude: /(^|[\\/])\.vite[\\/]/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
    }),
  ],
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
    // Every browser the app supports preloads modules itself; the polyfill would only add to the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate files that stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 3 },
            { name: 'state', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect)[\\/]/, priority: 2 },
            // Only what the first screen needs: libraries used by lazily loaded screens travel with those screens.
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
            // The app's own modules of the first screen in one file: one request, and gzip sees them together.
            { name: 'app', test: /[\\/](web|proto)[\\/]src[\\/](?!main\.tsx$)/, tags: ['$initial'], priority: 0 },
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
