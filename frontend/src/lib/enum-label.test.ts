import { describe, expect, it } from 'vitest';
import schema from '@/api/schema.d.ts?raw';
import { enumLabel } from '@/lib/enum-label';
import labels from '@/lib/i18n/labels.en.json';

/**
 * Every enum of the generated schema, as openapi-typescript writes it: a named schema (`        Channel: "sms" | ...;`)
 * or an enum written inside a schema (`            status: "ok" | "down";`, named 'Schema.property').
 */
function enumsOf(source: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const lines = source.split('\n');
  const start = lines.findIndex((line) => line === '    schemas: {');
  let schema = '';
  for (const line of lines.slice(start + 1)) {
    if (line === '    };') break;
    const named = /^ {8}([A-Za-z0-9_]+): ((?:"[^"]*"(?: \| )?)+);$/.exec(line);
    const opened = /^ {8}([A-Za-z0-9_]+): \{$/.exec(line);
    const inner = /^ {12}([A-Za-z0-9_]+)\??: \(?((?:"[^"]*"(?: \| )?){2,})\)?(?:\[\])?(?: \| null)?;$/.exec(line);
    if (named?.[1] && named[2]) found.set(named[1], values(named[2]));
    else if (opened?.[1]) schema = opened[1];
    else if (inner?.[1] && inner[2]) found.set(`${schema}.${inner[1]}`, values(inner[2]));
  }
  return found;
}

const values = (union: string) => [...union.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? '');

function wordsOf(name: string): Record<string, string> | undefined {
  let node: unknown = labels;
  for (const part of name.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node && typeof node === 'object' ? (node as Record<string, string>) : undefined;
}

describe('the words of every code value', () => {
  const enums = enumsOf(schema);

  it('finds the named enums and those written inside a schema', () => {
    expect(enums.get('PaymentMethod')).toEqual(['cash', 'card', 'bankTransfer', 'cheque', 'deposit']);
    expect(enums.get('Health.status')).toEqual(['ok', 'degraded', 'down']);
    expect(enums.size).toBeGreaterThan(40);
  });

  it('has a label for every value of every enum the API exposes', () => {
    const missing = [...enums].flatMap(([name, all]) => all.filter((value) => !wordsOf(name)?.[value]).map((value) => `${name}: ${value}`));
    expect(missing, 'add their words to lib/i18n/labels.en.json (and backend/gavel/core/labels.py)').toEqual([]);
  });

  it('says the words of the issue, and shows an unknown value as it came', () => {
    expect(enumLabel('InvoiceStatus', 'paidOut')).toBe('Paid out');
    expect(enumLabel('PaymentMethod', 'bankTransfer')).toBe('Bank transfer');
    expect(enumLabel('PaymentMethod', 'deposit')).toBe('From the deposit');
    expect(enumLabel('InvoiceKind', 'settlement')).toBe('Settlement statement');
    expect(enumLabel('OutboundMethod', 'cash')).toBe('Cash');
    expect(enumLabel('Health.status', 'degraded')).toBe('Working in part');
    expect(enumLabel('PaymentMethod', 'barter')).toBe('barter');
    expect(enumLabel('PaymentMethod', null)).toBe('');
  });
});
