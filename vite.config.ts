import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

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
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});
