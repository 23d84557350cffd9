import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/*
 * End-to-end specs in Debian's Chromium against the real backend, on a fresh database every run.
 *
 * Playwright starts these processes (scripts/e2e-server.sh), each on a fresh directory under the run directory:
 *   smtp    the test SMTP server on :2525, writing mails to <run dir>/mail (specs read codes from there)
 *   main    the backend on :8100 with the default durations              -> project "main"
 *   short   the backend on :8101 with 60 s inactivity, 30 s warning and a 20 s idle session -> project "short-timeouts"
 *   main-2  the backend on :8102, like main                              -> project "main-2"
 * Every backend serves the built SPA (frontend/dist); the smtp start runs `make build` first, a no-op when it is
 * up to date (as right after the build step of `make test`).
 *
 * The specs of the default durations are shared out between the main backends (GAVEL_E2E_MAIN_BACKENDS, default 2:
 * main and main-2; 3 adds main-3 on :8103), each backend's specs one at a time in one worker. The specs keep their
 * browsers busy (a whole run is about 500 s of CPU, more than half of it Chromium's renderers), so two backends fill
 * the waits of one (15.7 min became 7.8 on a loaded 2-core machine) and a third mostly made the browsers wait for
 * a core beside the backend tests.
 */

// The run directory is made once, by the runner; workers inherit it through the environment.
if (!process.env.GAVEL_E2E_RUN_DIR) {
  process.env.GAVEL_E2E_RUN_DIR = mkdtempSync(join(tmpdir(), 'gavel-e2e-'));
}
const runDir = process.env.GAVEL_E2E_RUN_DIR;

// GAVEL_E2E_PORT_BASE moves every port (scripts/e2e-server.sh), so that two checkouts can run side by side.
const PORT_BASE = Number(process.env.GAVEL_E2E_PORT_BASE ?? 8100);
const SHORT_URL = `http://127.0.0.1:${PORT_BASE + 1}`;
const SMTP_PORT = PORT_BASE - 8100 + 2525;

/** Specs that need the shortened inactivity and session durations of the :8101 backend. */
const shortTimeoutSpecs = /(inactivity|session-expiry)\.spec\.ts$/;

/**
 * How many backends of the default durations run the other specs side by side: main (:8100), then main-2 (:8102),
 * main-3 (:8103) and so on. 1 runs them all on main, one after the other, as before.
 */
const MAIN_BACKENDS = Math.max(1, Math.min(8, Number(process.env.GAVEL_E2E_MAIN_BACKENDS ?? 2)));
const mainName = (index: number) => (index === 0 ? 'main' : `main-${index + 1}`);
const mainPort = (index: number) => (index === 0 ? PORT_BASE : PORT_BASE + index + 1);

/**
 * Seconds each spec file took on one backend (junit of a whole run, 2026-11-29, a loaded machine): the files are
 * shared out by these, the longest first to the backend with the least so far, so the backends finish together. A
 * file not listed counts 20 s. The share is the same in the runner and in every worker: it depends on the files only.
 */
const SPEC_SECONDS: Record<string, number> = {
  'alerts.spec.ts': 134,
  'arabic.spec.ts': 130,
  'list-preferences.spec.ts': 90,
  'lists-fit.spec.ts': 80,
  'live-bidding.spec.ts': 83,
  'settings.spec.ts': 51,
  'vehicles.spec.ts': 48,
  'auction-event.spec.ts': 43,
  'csp.spec.ts': 40,
  'money-in.spec.ts': 40,
  'members.spec.ts': 38,
  'money-out.spec.ts': 36,
  'forgiving.spec.ts': 34,
  'gate.spec.ts': 30,
  'staff-and-roles.spec.ts': 30,
  'sign-in.spec.ts': 29,
  'two-step.spec.ts': 26,
  'lane-console-safety.spec.ts': 26,
  'deposit-desk.spec.ts': 26,
  'audit-log.spec.ts': 23,
  'promotions.spec.ts': 19,
  'session-conflict.spec.ts': 18,
  'sessions.spec.ts': 18,
  'vehicle-page.spec.ts': 18,
  'remember-me.spec.ts': 18,
  // Not yet in a whole run's junit: 14 s alone on the shared machine, 2026-11-29.
  'bidder-page.spec.ts': 18,
  'auction-lists.spec.ts': 17,
  'dashboard-totals.spec.ts': 16,
  'dashboard-charts.spec.ts': 15,
  'forgot-password.spec.ts': 12,
  'dashboard.spec.ts': 12,
  'theme.spec.ts': 10,
  'reports.spec.ts': 9,
};

/** The spec files of each main backend (file names under e2e/). */
function shareMainSpecs(): string[][] {
  const files = readdirSync(join(import.meta.dirname, 'e2e'))
    .filter((name) => name.endsWith('.spec.ts') && !shortTimeoutSpecs.test(name))
    .sort();
  const weight = (name: string) => SPEC_SECONDS[name] ?? 20;
  const shares = Array.from({ length: MAIN_BACKENDS }, () => ({ files: [] as string[], seconds: 0 }));
  for (const name of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const least = shares.reduce((best, share) => (share.seconds < best.seconds ? share : best));
    least.files.push(name);
    least.seconds += weight(name);
  }
  return shares.map((share) => share.files).filter((share) => share.length > 0);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mainProjects = shareMainSpecs().map((files, index) => ({
  name: mainName(index),
  testMatch: new RegExp(`(^|/)(${files.map(escape).join('|')})$`),
  workers: 1,
  use: { baseURL: `http://127.0.0.1:${mainPort(index)}` },
}));

const server = (name: string) => ({
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
  // cards show). The backends' projects run side by side, one worker each (`workers` of each project).
  workers: MAIN_BACKENDS + 1,
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
    // The trace of a failed spec keeps each action's DOM snapshot, network and console, without the screencast: its
    // frames cost a fifth of the browser's CPU in every spec, passing or not (the screenshot on failure stays).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    ...mainProjects,
    { name: 'short-timeouts', testMatch: shortTimeoutSpecs, workers: 1, use: { baseURL: SHORT_URL } },
  ],
  webServer: [
    // Also brings frontend/dist up to date first (make build), hence the longer timeout.
    { ...server('smtp'), port: SMTP_PORT, timeout: 300_000 },
    ...mainProjects.map((project) => ({ ...server(project.name), url: `${project.use.baseURL}/api/health` })),
    { ...server('short'), url: `${SHORT_URL}/api/health` },
  ],
});
