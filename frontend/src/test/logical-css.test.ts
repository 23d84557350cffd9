/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue 27: every screen lays out right to left in Arabic, so the code names no physical side. Margins, paddings,
 * borders, offsets, text alignment and floats are logical (margin-inline-start, insetInlineEnd, textAlign: 'end'),
 * table columns align and pin to 'start' or 'end', a Drawer's or popup's side comes from useSide
 * (components/use-side.ts). This test reads every stylesheet and every module under src (tests aside, the bidder
 * app and the shell included) and lists, as file:line, each physical side it finds.
 */

/** Vitest runs from frontend/, where its config is. */
const SRC = join(process.cwd(), 'src');

/** CSS: properties with a physical side, and values that name one. */
const CSS_RULES: readonly RegExp[] = [
  /(?:^|[\s;{])(?:margin|padding)-(?:left|right)\s*:/,
  /(?:^|[\s;{])border-(?:left|right)(?:-[a-z]+)?\s*:/,
  /(?:^|[\s;{])border-(?:top|bottom)-(?:left|right)-radius\s*:/,
  /(?:^|[\s;{])(?:left|right)\s*:/,
  /(?:^|[\s;{])text-align\s*:\s*(?:left|right)\b/,
  /(?:^|[\s;{])(?:float|clear)\s*:\s*(?:left|right)\b/,
];

/** TS and TSX: style properties with a physical side, and the physical values of Ant Design's and recharts' props. */
const TS_RULES: readonly RegExp[] = [
  /\b(?:margin|padding)(?:Left|Right)\b/,
  /\bborder(?:Left|Right)\w*/,
  /\bborder(?:Top|Bottom)(?:Left|Right)Radius\b/,
  /(?:^\s*|[{,]\s*)['"]?(?:left|right)['"]?\s*:/,
  /\b(?:textAlign|align|fixed|float|orientation)\s*:\s*['"](?:left|right)['"]/,
  /\b(?:textAlign|align|fixed|float|orientation)=\{?\s*['"](?:left|right)['"]/,
  /\bplacement\s*[:=]\s*\{?\s*['"](?:left|right|(?:top|bottom)(?:Left|Right)|(?:left|right)(?:Top|Bottom))['"]/,
];

/** Comments blanked out (their newlines kept, so lines still count), strings and code left as they are. */
function withoutComments(source: string, css: boolean): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    const next = source[i + 1];
    if (quote) {
      out += char;
      if (char === '\\' && next !== undefined) {
        out += next;
        i += 1;
      } else if (char === quote || (char === '\n' && quote !== '`')) quote = null;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop - 1;
    } else if (!css && char === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out += ' '.repeat(stop - i);
      i = stop - 1;
    } else {
      if (char === "'" || char === '"' || char === '`') quote = char;
      out += char;
    }
  }
  return out;
}

/** Each line of `source` that names a physical side: its number and its text. */
function physicalSides(source: string, kind: 'css' | 'ts'): { line: number; text: string }[] {
  const rules = kind === 'css' ? CSS_RULES : TS_RULES;
  const original = source.split('\n');
  return withoutComments(source, kind === 'css')
    .split('\n')
    .flatMap((text, index) => (rules.some((rule) => rule.test(text)) ? [{ line: index + 1, text: original[index]!.trim() }] : []));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return [path];
  });
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || /\/test\//.test(path) || path.endsWith('.d.ts');

describe('logical CSS (right to left)', () => {
  it('finds the physical sides it looks for, and only those', () => {
    const css = [
      '.a { margin-left: 4px; }',
      '.b {\n  padding-right: 0;\n}',
      '.c { border-left: 1px solid; border-right-color: red; }',
      '.d { border-top-left-radius: 4px; }',
      '.e { position: fixed; left: 50%; }',
      '.f { right: 0 }',
      '.g { text-align: right; }',
      '.h { float: left; }',
    ];
    for (const sample of css) expect(physicalSides(sample, 'css'), sample).not.toEqual([]);
    const cleanCss = '/* margin-left: 0 */\n.a { margin-inline-start: 4px; inset-inline-end: 0; text-align: end; float: inline-start; border-inline-start: 1px solid; }\n.b:hover { color: red }';
    expect(physicalSides(cleanCss, 'css')).toEqual([]);

    const ts = [
      "const style = { marginLeft: 8 };",
      "<div style={{ paddingRight: 4 }} />",
      "<div style={{ borderLeftColor: 'red' }} />",
      "<div style={{ position: 'absolute', left: 0 }} />",
      "const inset = {\n  right: 0,\n};",
      "<div style={{ textAlign: 'right' }} />",
      "{ key: 'amount', align: 'right', render }",
      "{ key: 'name', fixed: 'left' }",
      '<Table.Summary.Cell index={1} align="right" />',
      '<Drawer placement="left" open />',
      "<Drawer placement={'right'} open />",
      '<Popover placement="bottomRight" />',
      '<YAxis orientation="right" />',
    ];
    for (const sample of ts) expect(physicalSides(sample, 'ts'), sample).not.toEqual([]);
    const cleanTs = [
      "// the total is right: it adds the lines",
      '/** left: the lots not yet run */',
      "const lotsLeft = lane.lotsLeft;",
      "const side = rtl ? left : right;",
      "{ key: 'left', label: 'Lots left' }",
      "{ key: 'amount', align: 'end', fixed: 'start' }",
      "<Drawer placement={side('end')} />",
      "const url = 'https://example.com/a'; const b = { marginInlineStart: 8, insetInlineEnd: 0, textAlign: 'start' };",
    ].join('\n');
    expect(physicalSides(cleanTs, 'ts')).toEqual([]);
  });

  it('finds none in src (stylesheets, modules; tests aside)', () => {
    const files = filesUnder(SRC).filter((path) => !isTest(path));
    expect(files).toContain(join(SRC, 'styles.css'));
    expect(files).toContain(join(SRC, 'app', 'app.tsx'));
    const found = files
      .flatMap((path) => {
        const kind = path.endsWith('.css') ? 'css' : /\.tsx?$/.test(path) ? 'ts' : null;
        if (kind === null) return [];
        return physicalSides(readFileSync(path, 'utf8'), kind).map(({ line, text }) => `src/${relative(SRC, path)}:${line}: ${text}`);
      });
    expect(found, `Physical left/right (use logical properties, 'start'/'end', or useSide):\n${found.join('\n')}`).toEqual([]);
  });
});
