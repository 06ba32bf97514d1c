import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyData } from './build/early-data.ts';

const gateway = 'http://localhost:8080';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Paths the service worker never answers: the API and the realtime socket always go to the network, and so do embeds
 * (their answer lets other sites frame them; the cached shell does not).
 */
const networkOnly = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/embed(\/|$)/];

/**
 * The lazily loaded parts that open together, by the module that starts them (its `import()`): a poll's page, a share
 * link, and a poll card's ballot and comments; its creator's controls; the profile. Over HTTP/1.1 a phone opens 6
 * connections, and a poll's page once fetched about twelve files of a few hundred bytes each (the screen, its strings,
 * the contracts it validates with, small libraries) that its API calls waited behind: now its family's file and `screens`.
 */
const screenFamilies: [name: string, starts: RegExp][] = [
  [
    'poll',
    /[\\/]web[\\/]src[\\/]features[\\/](reach[\\/]PollPage|share-link[\\/]SharedPollPage|polls[\\/](BallotForm|CommentsThread))\.tsx$/,
  ],
  ['creator', /[\\/]web[\\/]src[\\/]features[\\/]polls[\\/]CreatorControls\.tsx$/],
  ['profile', /[\\/]web[\\/]src[\\/]features[\\/]profile[\\/]ProfilePage\.tsx$/],
];

/**
 * Where a module the first screen does not load goes (those are taken by the groups before): with the first family one
 * of whose starts imports it, directly or through other modules, when only families' starts do (a module a poll and the
 * profile share goes with the poll, which the profile's poll cards load too); in `screens` when other lazily loaded
 * parts (the feed's toasts, its notification bell, the dialogs) import it too; anything else (null) is left to
 * rolldown's own chunking. Dependencies are placed by this same rule (includeDependenciesRecursively: false), so a
 * module imports only from its own file, `screens`, an earlier family or the first screen's files: no two files import
 * each other.
 */
function screenFamily(id: string, ctx: Rolldown.ChunkingContext): string | null {
  const starts = new Set<string>();
  const seen = new Set<string>();
  const pending = [id];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    if (seen.has(current)) continue;
    seen.add(current);
    const info = ctx.getModuleInfo(current);
    if (!info) continue;
    if (info.dynamicImporters.length) starts.add(current);
    pending.push(...info.importers);
  }
  const family = screenFamilies.find(([, test]) => [...starts].some((s) => test.test(s)))?.[0] ?? null;
  const onlyFamilies = [...starts].every((s) => screenFamilies.some(([, test]) => test.test(s)));
  return family && !onlyFamilies ? 'screens' : family;
}

/**
 * Each styled component gets an id of its own from its file and its place there, the same in the app and in the
 * server's rendering, whatever order their modules load in: a page the server drew then hydrates with its class names.
 * The CSS is minified too.
 */
const oxc = { plugins: { styledComponents: { ssr: true, displayName: false, fileName: false } } };

const resolve = {
  alias: [
    // The contracts are consumed from source, exactly as the root vitest config does.
    { find: '@meydan/proto', replacement: here('../proto/src/index.ts') },
    // No runtime schema compiler in the browser (see build/no-runtime-ajv.ts); the precompiled validators only
    // import ajv's small runtime helpers (ajv/dist/runtime/*, ajv-formats/dist/formats), which stay.
    { find: /^(ajv|ajv-errors|ajv-formats)$/, replacement: here('./build/no-runtime-ajv.ts') },
  ],
};

/**
 * `vite build --ssr`: the server's rendering of a share link and a poll's page (src/entry-server.tsx), for the gateway
 * (gateway/src/server-render.ts), in web/dist-server: every library in it, so the gateway's image needs none of the
 * web's packages; split as the app is, so the gateway loads only what a poll page draws.
 */
const serverRendering = defineConfig({
  plugins: [react()],
  oxc,
  resolve,
  publicDir: false,
  ssr: { noExternal: true },
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
    ssr: 'src/entry-server.tsx',
  },
});

const app = defineConfig({
  plugins: [
    react(),
    // web/early-data.js, with the files of the screens it starts loading (build/early-data.ts).
    earlyData(here('.').replace(/[\\/]$/, '')),
    VitePWA({
      // The update toast asks before a new version takes over (features/pwa/serviceWorker.ts).
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      filename: 'sw.js',
      scope: '/',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'theme-boot.js', 'offline.html', 'sw-push.js'],
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
        // Web Push: the `push` and `notificationclick` handlers (public/sw-push.js).
        importScripts: ['sw-push.js'],
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
  oxc,
  resolve,
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
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 4,
            },
            { name: 'state', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect)[\\/]/, priority: 3 },
            // Only what the first screen needs: libraries used by lazily loaded screens travel with those screens.
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            // The app's own modules of the first screen in one file: one request, and gzip sees them together.
            { name: 'app', test: /[\\/](web|proto)[\\/]src[\\/](?!main\.tsx$)/, tags: ['$initial'], priority: 1 },
            // A poll's screens, and the profile, in one file each rather than a dozen of a few hundred bytes.
            { name: screenFamily, debugName: 'screens', includeDependenciesRecursively: false, priority: 0 },
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

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRendering : app));
