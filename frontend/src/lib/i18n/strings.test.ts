import { describe, expect, it } from 'vitest';
import en from '@/lib/i18n/en.json';
import { translation } from '@/lib/i18n/resources';

// The entry holds en.json only; every other locale file is added by a module of lib/i18n/strings/ when a page that
// needs it loads (issue 16: the login page and the shell load no page's strings). This test reads the sources: a
// module loaded lazily (a route's page, a lazy component) must, through its static imports, register every locale
// file whose keys it or the modules it imports use, and what every screen loads (main.tsx) must use none of them.

const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const strings = '/src/lib/i18n/strings';
const lazyNamespaces = Object.keys(translation).filter((key) => !(key in en));
/** lib/i18n/strings/auction-events.ts registers auctionEvents (auction-events.en.json). */
const fileOf = (ns: string) => `${strings}/${ns.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.ts`;

/** '/src/a/b/../c' → '/src/a/c'. */
function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

function resolveImport(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = `/src/${spec.slice(2)}`;
  else if (spec.startsWith('.')) base = normalise(`${from.slice(0, from.lastIndexOf('/'))}/${spec}`);
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => candidate in sources);
}

const text = new Map(Object.entries(sources));
const staticImports = new Map<string, string[]>();
const dynamicImports = new Set<string>();
for (const [file, code] of text) {
  const specs = [...code.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? '');
  staticImports.set(file, specs.map((spec) => resolveImport(file, spec)).filter((path): path is string => path !== undefined));
  for (const m of code.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const target = resolveImport(file, m[1] ?? '');
    if (target) dynamicImports.add(target);
  }
}

function closure(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const dep of staticImports.get(file) ?? []) closure(dep, into);
  return into;
}

/** Lazy locale files whose keys a module uses ('members.title', `vehicles.status.${x}`, keyPrefix: 'gate'). */
function used(file: string): string[] {
  const code = text.get(file) ?? '';
  return lazyNamespaces.filter((ns) => new RegExp(`['"\`]${ns}\\.[A-Za-z_$]|keyPrefix:\\s*['"\`]${ns}['"\`]`).test(code));
}

function needs(root: string) {
  const modules = closure(root);
  const registered = new Set(lazyNamespaces.filter((ns) => modules.has(fileOf(ns))));
  const missing = new Map<string, string[]>();
  for (const file of modules) {
    for (const ns of used(file)) {
      if (!registered.has(ns)) missing.set(ns, [...(missing.get(ns) ?? []), file]);
    }
  }
  return Object.fromEntries(missing);
}

describe('locale files loaded with the pages', () => {
  it('has a registering module for every locale file but en.json', () => {
    expect(lazyNamespaces).toEqual(expect.arrayContaining(['members', 'vehicles', 'twoStep', 'dashboardCharts']));
    expect(lazyNamespaces).toHaveLength(19);
    for (const ns of lazyNamespaces) expect(text.get(fileOf(ns)), ns).toMatch(new RegExp(`addStrings\\(\\{ ${ns} \\}, \\{ ${ns}: ${ns}Ar \\}\\)`));
  });

  it('keeps every page’s strings out of what every screen loads', () => {
    expect(needs('/src/main.tsx')).toEqual({});
    const entry = [...closure('/src/main.tsx')];
    expect(entry).toContain('/src/lib/i18n/i18n.ts');
    expect(entry.filter((file) => file.startsWith(`${strings}/`) || file === '/src/lib/i18n/resources.ts')).toEqual([]);
  });

  it('finds the lazily loaded modules', () => {
    expect(dynamicImports).toContain('/src/features/auth/pages/login-page.tsx');
    expect(dynamicImports).toContain('/src/features/members/pages/members-page.tsx');
    expect(dynamicImports.size).toBeGreaterThan(30);
    expect(used('/src/features/members/components/members-table.tsx')).toContain('members');
    expect(Object.keys(needs('/src/features/members/components/members-table.tsx'))).toEqual(['members']);
  });

  it.each([...dynamicImports])('%s registers the strings it uses', (file) => {
    expect(needs(file)).toEqual({});
  });
});

