/// <reference types="vitest/config" />
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `x.js.gz` next to each script and style sheet of the build's assets (zlib level 9, once per build), which
 * the backend answers to a client that accepts gzip (backend/gavel/core/spa.py, issue 16); a file whose gzip copy
 * would not be smaller gets none and is served as it is.
 */
function precompress(): Plugin {
  const gzipped = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'gavel-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await Promise.all(
        Object.values(bundle)
          .filter((file) => /^assets\/.+\.(js|css|svg|json)$/.test(file.fileName))
          .map(async (file) => {
            const raw = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
            const packed = await gzipped(raw, { level: 9 });
            if (packed.length < raw.length) await writeFile(join(outDir, `${file.fileName}.gz`), packed);
          }),
      );
    },
  };
}

const backend = 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      // ws: the live feed's WebSocket (/api/live/events/{eventId}) goes through the same proxy as the JSON calls.
      '/api': { target: backend, changeOrigin: false, ws: true },
      '/public': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // .vite/manifest.json: the chunks each entry and lazy route imports, read by bench/bundle_size.mjs (issue 16).
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      // Ant Design's own packages declare no `sideEffects`, so importing one export of a package kept each of its
      // modules that runs code at load (a class's static fields, say): antd's form context kept rc-field-form's
      // Field and its validator in the chunk every screen loads. They are plain component modules without global
      // effects (no CSS or polyfill imports): what nothing imports is dropped (15 kB gzip off that chunk, 12 off
      // the app shell).
      treeshake: {
        moduleSideEffects: [
          { test: /node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color))[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Ant Design, the app's modules and the other libraries are split by rolldown: each module goes to a chunk
        // shared by exactly the routes that use it, so the login page and the shell load only the components they
        // use (no vendor chunk of all of Ant Design). Vite preloads a route's chunks together, in one round trip.
        // bench/bundle_size.mjs measures what each screen loads (bench/README.md, issue 16).
        codeSplitting: {
          groups: [
            // Every screen needs these: one long-cached chunk.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            // FullCalendar (with its Temporal polyfill) only for /calendar: a chunk of its own, loaded with that page.
            { name: 'calendar', test: /node_modules[\\/](@fullcalendar|@full-ui|temporal-polyfill|temporal-spec|temporal-utils)[\\/]/, priority: 25 },
            // Recharts and the packages only it uses: the dashboard's charts, loaded with them (issue 15). A group takes
            // the dependencies of what it matches: the small packages it shares with Ant Design get a chunk of their own,
            // or the first chunk would import the charts' chunk.
            { name: 'vendor-shared', test: /node_modules[\\/](clsx|react-is|use-sync-external-store)[\\/]/, priority: 26 },
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[^\\/]+|internmap|@reduxjs|react-redux|redux|redux-thunk|immer|reselect|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant)[\\/]/,
              priority: 25,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts', './src/lib/i18n/all-strings.ts'],
    css: false,
    restoreMocks: true,
    // One jsdom and one module registry per worker thread, not per file: every file imported Ant Design and
    // built jsdom again (about half the suite's time). Tests leave no state behind: setup.ts cleans the DOM,
    // storage, cookies and stubbed globals after each test, and no test mocks a module.
    pool: 'threads',
    isolate: false,
    // Vitest's default leaves one core idle: on the 2-core CI machine every core works (77 s → 54 s measured
    // on the auctions and member pages' tests).
    maxWorkers: availableParallelism(),
    testTimeout: 20000,
  },
});
