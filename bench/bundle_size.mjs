// JavaScript each screen of the SPA downloads, gzipped, read from a production build's .vite/manifest.json
// (issue 16: the login page and the app shell load at most 300 kB of gzipped JavaScript).
//
//   (cd frontend && npx vite build --outDir /tmp/bundle-dist --emptyOutDir)   # not frontend/dist while others use it
//   node bench/bundle_size.mjs [/tmp/bundle-dist] [--limit 300] [--chunks] [--json]
//
// A screen loads a chunk and, transitively, the chunks it imports statically (index.html's modulepreloads, and
// what Vite preloads with a lazy route), each once:
//   entry        index.html's script: the router, the providers, React, the theme; every screen loads it
//   login page   the entry + the login route's chunk and its imports (what /login loads, cold)
//   shell        the entry + the signed-in layout (src/app/shell/app-shell.tsx) and its imports: what a reload
//                of any signed-in page loads before the page's own chunk
//   a page       its route chunk and the chunks it imports that the shell does not hold (public pages: that the
//                login page does not hold; other lazy modules of the router: that the entry does not hold)
//   later        what a page imports lazily itself, after its first paint (the dashboard's charts), or what the
//                login page and the shell load when asked (the session-conflict dialog; the mobile menu drawer and
//                the logout question)
//   cold         the page opened directly (a reload): the shell, or the login page, and the page together
// Each file is gzipped alone (zlib level 9, as Vite's report), as a server compresses each response; kB = 1000
// bytes. CSS is listed apart and not counted. --chunks lists the login page's and the shell's chunks.
// Exit status 1 when the login page or the shell is over the limit (300 kB gzip), 2 without a manifest.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LOGIN = 'src/features/auth/pages/login-page.tsx';
const SHELL = 'src/app/shell/app-shell.tsx';
const PUBLIC_PAGE = /^src\/features\/auth\/pages\//;
const PAGE = /\/pages\//;

const args = process.argv.slice(2);
const valueOf = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
};
const dist = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--limit') ?? '/tmp/bundle-dist';
const limitKb = Number(valueOf('limit', '300'));
const asJson = args.includes('--json');
const listChunks = args.includes('--chunks');

const manifestPath = join(dist, '.vite', 'manifest.json');
let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
} catch (error) {
  console.error(`bundle_size: cannot read ${manifestPath} (${error.code ?? error.message})`);
  console.error('bundle_size: build first (build.manifest is on in frontend/vite.config.ts):');
  console.error('  cd frontend && npx vite build --outDir /tmp/bundle-dist --emptyOutDir');
  process.exit(2);
}
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
for (const key of [entryKey, LOGIN, SHELL]) {
  if (!key || !manifest[key]) {
    console.error(`bundle_size: ${key ?? 'the entry'} is not in ${manifestPath}`);
    process.exit(2);
  }
}

const sizes = new Map();
/** Raw and gzipped bytes of one output file. */
function sizeOf(file) {
  if (!sizes.has(file)) {
    const raw = readFileSync(join(dist, file));
    sizes.set(file, { raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length });
  }
  return sizes.get(file);
}

/** Manifest keys of `key` and of every chunk it imports statically, transitively. */
function closure(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, into);
  return into;
}
const union = (...sets) => new Set(sets.flatMap((set) => [...set]));
const minus = (a, b) => new Set([...a].filter((key) => !b.has(key)));
const jsOf = (keys) => [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));

/** JavaScript (raw and gzip) and the CSS (gzip) of a set of chunks. */
function measure(keys) {
  const js = jsOf(keys);
  const css = new Set([...keys].flatMap((key) => manifest[key].css ?? []));
  return {
    chunks: js.length,
    raw: js.reduce((sum, file) => sum + sizeOf(file).raw, 0),
    gzip: js.reduce((sum, file) => sum + sizeOf(file).gzip, 0),
    cssGzip: [...css].reduce((sum, file) => sum + sizeOf(file).gzip, 0),
  };
}

const entry = closure(entryKey);
const login = union(entry, closure(LOGIN));
const shell = union(entry, closure(SHELL));

const rows = [];
function add(section, label, keys, base, laterKeys = new Set()) {
  const own = minus(keys, base);
  const later = minus(laterKeys, union(base, own));
  rows.push({
    section,
    label,
    ...measure(own),
    later: measure(later).gzip,
    cold: measure(union(base, own)).gzip,
    files: jsOf(own),
  });
}

// The router lives in the entry: its lazy imports are the routes (and what the entry's own components load lazily).
const lazyKeys = [...new Set(manifest[entryKey].dynamicImports ?? [])];
/** What the chunks `keys` load lazily themselves, not a route, with its static imports: the login page's and the
 * shell's `later` (the session-conflict dialog; the mobile menu drawer and the logout question). */
const lazyOf = (keys) =>
  union(
    ...[...keys].flatMap((key) => manifest[key].dynamicImports ?? []).filter((key) => !lazyKeys.includes(key)).map((key) => closure(key)),
  );

add('initial', 'entry (every screen)', entry, new Set());
add('initial', 'login page (entry + login route)', login, new Set(), lazyOf(minus(login, entry)));
add('initial', 'shell after sign-in (entry + layout)', shell, new Set(), lazyOf(minus(shell, entry)));

const label = (key) => key.replace(/^src\//, '').replace(/\.tsx?$/, '');
for (const key of lazyKeys.filter((k) => k !== LOGIN && k !== SHELL)) {
  const later = new Set((manifest[key].dynamicImports ?? []).flatMap((k) => [...closure(k)]));
  if (PUBLIC_PAGE.test(key)) add('public', label(key), closure(key), login, later);
  else if (PAGE.test(key)) add('page', label(key), closure(key), shell, later);
  else add('other', label(key), closure(key), entry, later);
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
const budgeted = rows.filter((row) => row.label.startsWith('login page') || row.label.startsWith('shell'));
const over = budgeted.filter((row) => row.gzip > limitKb * 1000);

if (asJson) {
  console.log(JSON.stringify({ dist, limitKb, rows }, null, 2));
} else {
  const titles = {
    initial: null,
    public: 'public pages, beyond the login page:',
    page: 'pages, beyond the shell:',
    other: 'other lazy modules of the router, beyond the entry:',
  };
  const width = Math.max(...rows.map((row) => row.label.length)) + 2;
  const header = `${'screen'.padEnd(width)} chunks   raw kB  gzip kB  later kB  cold kB  css kB`;
  console.log(`JavaScript per screen in ${dist} (gzip level 9, each file alone; kB = 1000 bytes)`);
  console.log(header);
  console.log('-'.repeat(header.length));
  let section;
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      if (titles[section]) console.log(titles[section]);
    }
    const name = section === 'initial' ? row.label : `  ${row.label}`;
    console.log(
      [
        name.padEnd(width),
        String(row.chunks).padStart(6),
        kb(row.raw).padStart(8),
        kb(row.gzip).padStart(8),
        (row.later ? kb(row.later) : '').padStart(9),
        kb(row.cold).padStart(8),
        kb(row.cssGzip).padStart(7),
      ].join(' '),
    );
  }
  console.log(
    `\nbudget ${limitKb} kB gzip: ${budgeted.map((row) => `${row.label.split(' (')[0]} ${kb(row.gzip)} kB ${row.gzip > limitKb * 1000 ? 'OVER' : 'ok'}`).join(', ')}`,
  );
  if (listChunks) {
    for (const row of budgeted) {
      const files = row.files.map((file) => [file.replace(/^assets\//, ''), sizeOf(file).gzip]).sort((a, b) => b[1] - a[1]);
      console.log(`\n${row.label}: ${files.map(([file, gzip]) => `${file} ${kb(gzip)}`).join(', ')}`);
    }
  }
}

for (const row of over) console.error(`bundle_size: ${row.label} loads ${kb(row.gzip)} kB gzip, over ${limitKb} kB`);
process.exit(over.length ? 1 : 0);
