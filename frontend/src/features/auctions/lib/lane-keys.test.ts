import { afterEach, describe, expect, it } from 'vitest';
import { isTypingTarget, laneKeyAction } from '@/features/auctions/lib/lane-keys';

const letters = { noSale: 'N', buyer: 'B', price: 'P' };

function press(target: HTMLElement, key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  let seen: KeyboardEvent | undefined;
  const keep = (event: Event) => {
    seen = event as KeyboardEvent;
  };
  document.addEventListener('keydown', keep);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));
  document.removeEventListener('keydown', keep);
  if (!seen) throw new Error('no keydown');
  return seen;
}

function make<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  Object.entries(attributes).forEach(([name, value]) => element.setAttribute(name, value));
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the lane console keys', () => {
  it('knows where a person types: text and number fields, text areas, search boxes', () => {
    expect(isTypingTarget(make('input'))).toBe(true);
    expect(isTypingTarget(make('input', { type: 'number' }))).toBe(true);
    expect(isTypingTarget(make('textarea'))).toBe(true);
    expect(isTypingTarget(make('input', { role: 'combobox' }))).toBe(true);
    expect(isTypingTarget(make('input', { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(make('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
  });

  it('leaves N, B and P typed in a field to the field', () => {
    const price = make('input');
    for (const key of ['n', 'N', 'b', 'p']) expect(laneKeyAction(press(price, key), letters, price)).toBeUndefined();
  });

  it('acts on N, B and P out of any field', () => {
    expect(laneKeyAction(press(document.body, 'n'), letters, null)).toBe('noSale');
    expect(laneKeyAction(press(document.body, 'B'), letters, null)).toBe('buyer');
    expect(laneKeyAction(press(make('button'), 'p'), letters, null)).toBe('price');
    expect(laneKeyAction(press(document.body, 'n', { ctrlKey: true }), letters, null)).toBeUndefined();
  });

  it('takes Enter as Sold in the price field and out of fields, never on a button, in a dialog or in another field', () => {
    const price = make('input');
    expect(laneKeyAction(press(price, 'Enter'), letters, price)).toBe('sold');
    expect(laneKeyAction(press(document.body, 'Enter'), letters, price)).toBe('sold');
    expect(laneKeyAction(press(make('button'), 'Enter'), letters, price)).toBeUndefined();
    expect(laneKeyAction(press(make('input', { role: 'combobox' }), 'Enter'), letters, price)).toBeUndefined();
    const dialog = make('div', { role: 'dialog' });
    const inside = document.createElement('span');
    dialog.append(inside);
    expect(laneKeyAction(press(inside, 'Enter'), letters, price)).toBeUndefined();
  });

  it('takes a shortcut by its key while the keyboard types Arabic', () => {
    expect(laneKeyAction(press(document.body, 'ى', { code: 'KeyN' }), letters, null)).toBe('noSale');
    expect(laneKeyAction(press(document.body, 'لا', { code: 'KeyB' }), letters, null)).toBe('buyer');
    expect(laneKeyAction(press(document.body, 'ح', { code: 'KeyP' }), letters, null)).toBe('price');
    expect(laneKeyAction(press(document.body, 'ز', { code: 'KeyR' }), letters, null)).toBeUndefined();
    expect(laneKeyAction(press(make('input'), 'ى', { code: 'KeyN' }), letters, null)).toBeUndefined();
  });
});
