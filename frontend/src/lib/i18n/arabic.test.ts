import { describe, expect, it } from 'vitest';
import { arabic, translation } from '@/lib/i18n/resources';

/** Every text with its dotted key. */
function texts(node: unknown, path = ''): [string, unknown][] {
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
  return [[path, node]];
}

/** A language's own name, written in its own script in both languages so that anyone finds their way back. */
const OWN_NAMES = new Set(['topBar.otherLanguage', 'profile.language.english', 'profile.language.arabic']);

const ARABIC_PLURALS = new Intl.PluralRules('ar').resolvedOptions().pluralCategories;
const PLURAL = /_(zero|one|two|few|many|other)$/;
const english = new Map(texts(translation));
const arabicTexts = new Map(texts(arabic));
const placeholders = (text: string) => [...new Set(text.match(/\{\{[^}]+\}\}|<\/?\w+>/g) ?? [])].sort();

/** The keys Arabic must have: each English key, and for a plural the six forms Intl.PluralRules('ar') picks from. */
const wanted = new Map<string, string>();
for (const [key, value] of english) {
  if (PLURAL.test(key)) for (const form of ARABIC_PLURALS) wanted.set(key.replace(PLURAL, `_${form}`), value as string);
  else wanted.set(key, value as string);
}

describe('the Arabic of the web app', () => {
  it('has every key of the English, in all six plural forms, and nothing else', () => {
    expect(ARABIC_PLURALS).toHaveLength(6);
    expect([...wanted.keys()].filter((key) => !arabicTexts.has(key))).toEqual([]);
    expect([...arabicTexts.keys()].filter((key) => !wanted.has(key))).toEqual([]);
  });

  it('gives every key a text, written in Arabic where the English has words', () => {
    const bad = [...wanted].filter(([key, en]) => {
      const ar = arabicTexts.get(key);
      if (typeof ar !== 'string' || ar.trim() === '') return true;
      if (OWN_NAMES.has(key)) return false;
      return /[a-z]{3}/.test(en.replace(/\{\{[^}]+\}\}|<[^>]+>/g, '')) && !/[\u0600-\u06ff]/.test(ar);
    });
    expect(bad.map(([key]) => key)).toEqual([]);
  });

  it('keeps the placeholders of the English (one and two may say the number in words)', () => {
    const differ = [...wanted].filter(([key, en]) => {
      const ar = arabicTexts.get(key);
      if (typeof ar !== 'string') return false;
      const [want, have] = [placeholders(en), placeholders(ar)];
      if (/_(zero|one|two)$/.test(key)) return !have.every((p) => want.includes(p));
      return want.join() !== have.join();
    });
    expect(differ.map(([key]) => key)).toEqual([]);
  });

  it('writes Latin digits only (ar-AE-u-nu-latn)', () => {
    expect([...arabicTexts].filter(([, text]) => /[\u0660-\u0669\u06f0-\u06f9]/.test(String(text))).map(([key]) => key)).toEqual([]);
  });
});
