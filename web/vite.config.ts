import { defineConfig } from 'vite';

// `npm run dev` proxies the API to a local `stackyard serve` (STACKYARD_URL,
// default http://127.0.0.1:8080), so the client can be worked on with hot
// reload while the server serves the real games.
const target = process.env.STACKYARD_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  build: { outDir: 'dist', target: 'es2022', reportCompressedSize: true },
  server: {
    proxy: {
      '/api': { target, ws: true },
      '/rules': target,
    },
  },
});
