import { defineConfig } from 'vite';

// `npm run dev` proxies the API to a local `stackyard serve` (STACKYARD_URL,
// default http://127.0.0.1:8080), so the client can be worked on with hot
// reload while the server serves the real games.
const target = process.env.STACKYARD_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // three.js (the lazy 3-D IceTowers chunk) is ~560 kB raw / ~140 kB gzip
  // on its own; it loads only when a player opens the 3-D view.
  build: { outDir: 'dist', target: 'es2022', reportCompressedSize: true, chunkSizeWarningLimit: 600 },
  server: {
    proxy: {
      '/api': { target, ws: true },
      '/rules': target,
    },
  },
});
