import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * `npm run dev` beside `npm run server`: shared worlds reach the game server through the dev
 * server, so the page talks to its own origin as it does when the game server serves it.
 * Sharing is POST /api/worlds; Colyseus's SDK asks /matchmake/… over HTTP, then opens its
 * WebSocket at /<processId>/<roomId>?sessionId=…, which only that upgrade is proxied for.
 */
const GAME_SERVER = process.env.GAME_SERVER ?? 'http://localhost:2567';
const gameServerProxy = {
  '/api/': { target: GAME_SERVER },
  '/matchmake/': { target: GAME_SERVER },
  '^/[A-Za-z0-9_-]+/[A-Za-z0-9_-]+\\?sessionId=': {
    target: GAME_SERVER,
    ws: true,
    // Plain requests of that shape are the dev server's own (there are none, but never proxy them).
    bypass: (req: { url?: string }, res: unknown) => (res ? req.url : undefined),
  },
};

/** The game's sky (the page background while it loads), for the splash screen and title bar. */
const SKY = '#b4d4f0';

export default defineConfig({
  // Workers are ES modules (they import the pure world code).
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // three.js alone is ~600 kB minified; one chunk is fine for a game that needs all of it.
    chunkSizeWarningLimit: 1024,
    // Two pages: the game and the noise lab (Vite 8 bundles with rolldown: rolldownOptions).
    rolldownOptions: {
      input: {
        main: page('./index.html'),
        lab: page('./lab.html'),
      },
    },
  },
  plugins: [
    // An installable app that plays offline: a service worker precaches every file both pages
    // need (src/app/flows/service-worker.ts registers it; docs/architecture.md §11).
    VitePWA({
      // A new version waits for the player's "Reload now": never reload behind their back.
      registerType: 'prompt',
      // Registered by src/app/flows/service-worker.ts (so the update prompt is ours), not by a script tag.
      injectRegister: false,
      // `npm run dev` runs without a service worker: nothing cached can hide an edit.
      devOptions: { enabled: false },
      // The worker workbox builds follows NODE_ENV unless told: under vitest (NODE_ENV=test) the
      // e2e build would get the unminified, console-logging development worker, not the one shipped.
      mode: 'production',
      // The icons are in the precache through globPatterns already; listing them again would
      // only put duplicate entries in sw.js.
      includeManifestIcons: false,
      manifest: {
        id: './',
        name: 'Voxel Terrain Sandbox',
        short_name: 'Voxel Sandbox',
        description: 'Fly over an endless, seeded voxel world made of Perlin fBm, build in it, and play it offline.',
        lang: 'en',
        categories: ['games'],
        start_url: './',
        scope: './',
        display: 'fullscreen',
        display_override: ['fullscreen', 'standalone'],
        orientation: 'any',
        background_color: SKY,
        theme_color: SKY,
        // Painted by scripts/paint-icons.ts (npm run assets).
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Both pages, their module workers (assets/*.worker-*.js), styles, the atlas and the
        // icons; not the source maps. The plugin adds manifest.webmanifest itself.
        globPatterns: ['**/*.{html,js,css,png,wasm}'],
        // The main chunk (three.js inside) is ~0.8 MB; above this limit the build fails
        // rather than leave a file out of the precache. 4 MiB leaves room to grow.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // The game keeps its state in the query (?seed=…&x=…), the lab too: any query is
        // served the precached page, so a reload offline works. No navigateFallback: each
        // page is precached under its own name and an unknown path is not the game.
        ignoreURLParametersMatching: [/.*/],
        navigateFallback: null,
        // Control the page from the first visit, so a worker started later (more threads)
        // still loads if the network is gone by then. Updates still wait for the player.
        clientsClaim: true,
      },
    }),
  ],
  server: { host: '127.0.0.1', port: 5173, proxy: gameServerProxy },
  preview: { host: '127.0.0.1', port: 4173 },
});
