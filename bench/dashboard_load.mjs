// Cold load of /dashboard in Chromium: how long from the navigation until the page is usable (the Today figures
// shown as links), with an empty cache each time (a new browser per run), against a Gavel app on the bench data.
//
//   # the app on the bench database, serving a build of the SPA (never frontend/dist while others use it):
//   (cd frontend && npx vite build --outDir /tmp/dashboard-load-dist --emptyOutDir)
//   (cd backend && GAVEL_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/gavel_bench GAVEL_DEMO_DATA=0 \
//      GAVEL_RUN_JOBS=0 GAVEL_PORT=8450 GAVEL_DATA_DIR=/tmp/dashboard-load-data \
//      GAVEL_SPA_DIR=/tmp/dashboard-load-dist .venv/bin/python -m gavel serve) &
//   node bench/dashboard_load.mjs --url http://127.0.0.1:8450 [--runs 10] [--email E --password P]
//
// Playwright comes from frontend/node_modules (the e2e package), Chromium is Debian's (/usr/bin/chromium, or
// CHROMIUM_PATH). The staff user signs in once through the API ("Remember me": the token in localStorage, which
// each fresh browser gets before the SPA starts); each run then opens /dashboard in a new browser and records,
// from the navigation's start (performance.now() in the page, taken by a MutationObserver as the elements are
// added): the Today figures shown (usable), the charts' section shown, the load event, and when the page asked
// for the summary and had its answer. Target (issue 15): usable within 1.5 s.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), '..', 'frontend', 'package.json'));
const { chromium } = require('@playwright/test');

const TARGET_MS = 1500;

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

const url = option('url', 'http://127.0.0.1:8450');
const runs = Number(option('runs', '10'));
const email = option('email', 'bench-admin@example.com');
const password = option('password', 'Gavel-Bench-2026!');

async function signIn() {
  const body = JSON.stringify({ email, password, rememberMe: true });
  const headers = { 'content-type': 'application/json', 'user-agent': 'gavel-dashboard-load/1.0' };
  let answer = await fetch(`${url}/api/auth/login`, { method: 'POST', headers, body });
  if (answer.status === 409) answer = await fetch(`${url}/api/auth/logout-session`, { method: 'POST', headers, body });
  if (!answer.ok) throw new Error(`sign-in answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()).token;
}

function pct(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function once(token) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
    // The moments are taken in the page, by an observer of the document, as the elements appear (a poll from
    // here would add its own interval).
    await context.addInitScript(() => {
      const seen = {};
      window.__dashboardSeen = seen;
      new MutationObserver(() => {
        if (!seen.today && document.querySelector('section[aria-labelledby="dashboard-today-title"] a')) seen.today = performance.now();
        if (!seen.charts && document.getElementById('dashboard-charts-title')) seen.charts = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(`${url}/dashboard`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__dashboardSeen?.today, undefined, { timeout: 30_000 });
    const usable = await page.evaluate(() => window.__dashboardSeen.today);
    // The charts' section (a chunk of its own, loaded after the figures); NaN when this build has none.
    const charts = await page
      .waitForFunction(() => window.__dashboardSeen?.charts, undefined, { timeout: 10_000 })
      .then(() => page.evaluate(() => window.__dashboardSeen.charts))
      .catch(() => Number.NaN);
    await page.waitForLoadState('load');
    const load = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0);
    const figures = await page.getByRole('region', { name: 'Today' }).getByRole('link').count();
    // Where the time goes: when the page asked for the figures, and when they arrived.
    const [asked, answered] = await page.evaluate(() => {
      const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/api/dashboard/summary'));
      return entry ? [entry.startTime, entry.responseEnd] : [Number.NaN, Number.NaN];
    });
    return { usable, charts, load, figures, asked, answered };
  } finally {
    await browser.close();
  }
}

const token = await signIn();
await once(token); // the server's own warm-up (its first request plans and caches); not counted
const results = [];
for (let i = 0; i < runs; i += 1) results.push(await once(token));
const column = (key) => results.map((r) => r[key]);
const line = (name, key) =>
  column(key).some(Number.isNaN) ? `${name.padEnd(28)} not on this page` : `${name.padEnd(28)} p50 ${pct(column(key), 50).toFixed(0).padStart(5)} ms   p95 ${pct(column(key), 95).toFixed(0).padStart(5)} ms   max ${Math.max(...column(key)).toFixed(0).padStart(5)} ms`;
console.log(`cold loads of ${url}/dashboard in Chromium, ${runs} runs (a new browser each), at ${new Date().toISOString()}`);
console.log(line('Today figures shown', 'usable'));
console.log(line("charts' section shown", 'charts'));
console.log(line('load event', 'load'));
console.log(line('summary asked', 'asked'));
console.log(line('summary answered', 'answered'));
console.log(`${results[0].figures} Today figures; target: usable within ${TARGET_MS} ms: ${pct(column('usable'), 95) <= TARGET_MS ? 'ok' : 'MISS'} (p95)`);
