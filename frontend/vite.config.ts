/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/public': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Ant Design is one vendor chunk (about 320 kB gzip), fetched once and cached across releases.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/, priority: 20 },
            // FullCalendar (with its Temporal polyfill) only for /calendar: a chunk of its own, loaded with that page.
            { name: 'calendar', test: /node_modules[\\/](@fullcalendar|@full-ui|temporal-polyfill|temporal-spec|temporal-utils)[\\/]/, priority: 25 },
            // Recharts and the packages only it uses: the dashboard's charts, loaded with them (issue 15). What it shares
            // with Ant Design stays in the vendor chunk (a group takes the dependencies of what it matches).
            { name: 'vendor-shared', test: /node_modules[\\/](clsx|react-is|use-sync-external-store)[\\/]/, priority: 26 },
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[^\\/]+|internmap|@reduxjs|react-redux|redux|redux-thunk|immer|reselect|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant)[\\/]/,
              priority: 25,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
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
