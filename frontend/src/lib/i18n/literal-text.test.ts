import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Issue 27: every text a component renders comes from the locale files, so that it has its Arabic. This reads the
 * source of every component (not tests, not the bidder page, which has its own bundles and test) and fails on text
 * written into the markup: JSX text with a Latin word, and a quoted string given to a prop that people read
 * (title, label, placeholder, aria-label, alt, okText, cancelText, tooltip, description, extra). Examples that are
 * data formats, not words (an IBAN, a WhatsApp template id), are listed below with their reason.
 */

const sources = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx', '!/src/bidder/**', '!/src/test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const READ_PROPS = new Set(['title', 'label', 'placeholder', 'aria-label', 'alt', 'okText', 'cancelText', 'tooltip', 'description', 'extra', 'addonBefore', 'addonAfter', 'prefix', 'suffix']);

/** Formats shown as examples, the same in every language. */
const FORMATS = new Set([
  'AE07 0331 2345 6789 0123 456', // an IBAN's shape (member bank fields)
  'HX…', // a Twilio WhatsApp template's id starts so (template editor)
  '784-YYYY-NNNNNNN-N', // an Emirates ID's shape (staff user fields), as printed on the card
]);

const LATIN_WORD = /[A-Za-z]{2,}/;
/** A locale key ('nav.dashboard') handed to t() later, not a text. */
const KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/;

function literals(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.trim();
      if (text && LATIN_WORD.test(text) && !FORMATS.has(text)) found.push(`${where(node)} ${JSON.stringify(text)}`);
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(source);
      const value = ts.isStringLiteral(node.initializer)
        ? node.initializer.text
        : ts.isJsxExpression(node.initializer) && node.initializer.expression && ts.isStringLiteralLike(node.initializer.expression)
          ? node.initializer.expression.text
          : undefined;
      if (value !== undefined && READ_PROPS.has(name) && LATIN_WORD.test(value) && !FORMATS.has(value)) found.push(`${where(node)} ${name}=${JSON.stringify(value)}`);
    } else if (ts.isPropertyAssignment(node) && ts.isStringLiteralLike(node.initializer) && READ_PROPS.has(node.name.getText(source).replace(/['"]/g, ''))) {
      // A column's or a menu item's { title: 'Name' }: read by people as much as a prop is.
      const value = node.initializer.text;
      if (LATIN_WORD.test(value) && !KEY.test(value) && !FORMATS.has(value)) found.push(`${where(node)} ${node.name.getText(source)}: ${JSON.stringify(value)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('text in the components', () => {
  it('reads every component', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(200);
  });

  it('comes from the locale files: no Latin words written into the markup', () => {
    expect(Object.entries(sources).flatMap(([file, code]) => literals(file, code))).toEqual([]);
  });

  it('would find a word written into the markup', () => {
    expect(literals('probe.tsx', 'const a = <p title="Delete it">Sold</p>;')).toEqual(['probe.tsx:1 title="Delete it"', 'probe.tsx:1 "Sold"']);
  });
});
