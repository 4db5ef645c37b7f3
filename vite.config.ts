import { defineConfig } from 'vite';

export default defineConfig({
  // Workers are ES modules (they import the pure world code).
  worker: { format: 'es' },
  // three.js alone is ~600 kB minified; one chunk is fine for a game that needs all of it.
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 1024 },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});
