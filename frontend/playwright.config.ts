import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/*
 * End-to-end specs in Debian's Chromium against the real backend, on a fresh database every run.
 *
 * Playwright starts three processes (scripts/e2e-server.sh), each on a fresh directory under the run directory:
 *   smtp   the test SMTP server on :2525, writing mails to <run dir>/mail (specs read codes from there)
 *   main   the backend on :8100 with the default durations              -> project "main"
 *   short  the backend on :8101 with 60 s inactivity, 30 s warning and a 20 s idle session -> project "short-timeouts"
 * Both backends serve the built SPA (frontend/dist); the smtp start runs `make build` first, a no-op when it is
 * up to date (as right after the build step of `make test`).
 */

// The run directory is made once, by the runner; workers inherit it through the environment.
if (!process.env.GAVEL_E2E_RUN_DIR) {
  process.env.GAVEL_E2E_RUN_DIR = mkdtempSync(join(tmpdir(), 'gavel-e2e-'));
}
const runDir = process.env.GAVEL_E2E_RUN_DIR;

// GAVEL_E2E_PORT_BASE moves every port (scripts/e2e-server.sh), so that two checkouts can run side by side.
const PORT_BASE = Number(process.env.GAVEL_E2E_PORT_BASE ?? 8100);
const MAIN_URL = `http://127.0.0.1:${PORT_BASE}`;
const SHORT_URL = `http://127.0.0.1:${PORT_BASE + 1}`;
const SMTP_PORT = PORT_BASE - 8100 + 2525;

/** Specs that need the shortened inactivity and session durations of the :8101 backend. */
const shortTimeoutSpecs = /(inactivity|session-expiry)\.spec\.ts$/;

const server = (name: 'smtp' | 'main' | 'short') => ({
  command: `bash ../scripts/e2e-server.sh ${name}`,
  env: { GAVEL_E2E_RUN_DIR: runDir, GAVEL_E2E_PORT_BASE: String(PORT_BASE) },
  // A fresh database each run: never attach to a server that is already listening.
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: './e2e',
  outputDir: join(runDir, 'artifacts'),
  fullyParallel: false,
  // One spec at a time per backend: the specs of a backend share its movable clock and its data (the counts the
  // cards show). The two backends' projects run side by side, one worker each (`workers` of each project).
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  globalTimeout: 45 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['junit', { outputFile: process.env.GAVEL_E2E_JUNIT ?? join(runDir, 'junit.xml') }],
  ],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    viewport: { width: 1280, height: 800 },
    // The app switches Ant Design's motion off for reduced motion: no click lands on a menu still opening.
    reducedMotion: 'reduce',
    locale: 'en-GB',
    timezoneId: 'Asia/Dubai',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'main', testIgnore: shortTimeoutSpecs, workers: 1, use: { baseURL: MAIN_URL } },
    { name: 'short-timeouts', testMatch: shortTimeoutSpecs, workers: 1, use: { baseURL: SHORT_URL } },
  ],
  webServer: [
    // Also brings frontend/dist up to date first (make build), hence the longer timeout.
    { ...server('smtp'), port: SMTP_PORT, timeout: 300_000 },
    { ...server('main'), url: `${MAIN_URL}/api/health` },
    { ...server('short'), url: `${SHORT_URL}/api/health` },
  ],
});
