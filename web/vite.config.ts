import { defineConfig, type Plugin } from 'vite';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// `npm run dev` proxies the API to a local `stackyard serve` (STACKYARD_URL,
// default http://127.0.0.1:8080), so the client can be worked on with hot
// reload while the server serves the real games.
const target = process.env.STACKYARD_URL ?? 'http://127.0.0.1:8080';

/** Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every file of
 * the build worth compressing (issue #49): the server sends the copy a
 * browser accepts (shells/server/src/statics.rs) instead of compressing
 * megabytes of WebAssembly per request. Done once here, at the highest
 * settings, since a build can afford the seconds a request cannot. */
function precompress(): Plugin {
  let outDir = 'dist';
  const worth = /\.(js|mjs|css|html|wasm|svg|json|md|txt)$/;
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : [p];
    });
  return {
    name: 'stackyard-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir).filter((f) => worth.test(f))) {
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        const gz = gzipSync(raw, { level: 9 });
        // A copy no smaller than the file would only cost the browser time.
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  // three.js (the lazy 3-D IceTowers chunk) is ~560 kB raw / ~140 kB gzip
  // on its own; it loads only when a player opens the 3-D view.
  build: { outDir: 'dist', target: 'es2022', reportCompressedSize: true, chunkSizeWarningLimit: 600 },
  plugins: [precompress()],
  server: {
    proxy: {
      '/api': { target, ws: true },
      '/rules': target,
    },
  },
});
