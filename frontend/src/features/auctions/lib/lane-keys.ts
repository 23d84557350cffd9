/** The console's one-letter shortcuts (N no sale, B buyer, P price) and Enter (Sold). */
export type LaneKeyAction = 'sold' | 'noSale' | 'buyer' | 'price';

export interface LaneKeyLetters {
  noSale: string;
  buyer: string;
  price: string;
}

/** Whether the focus is where a person types: a text or number field, a text area, a search box or an editable block. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return target.closest('[role="combobox"]') !== null;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'file', 'range', 'color'].includes(target.type);
}

/**
 * Whether a key press is the shortcut `letter`: the letter typed, or the key that types it on an English keyboard
 * (event.code 'KeyN'), so that the shortcuts work the same while the keyboard is set to Arabic (where that key types
 * 'ى') and the labels keep the Latin letter.
 */
export function isShortcut(event: KeyboardEvent, letter: string): boolean {
  return event.key.toLowerCase() === letter.toLowerCase() || (/^[a-z]$/i.test(letter) && event.code === `Key${letter.toUpperCase()}`);
}

/**
 * What a key press means on the console, or undefined when it is not the console's: a letter typed in a field is
 * that field's (it never records a result nor moves the focus); Enter is Sold from anywhere but a button, a link, a
 * dialog or the buyer search (whose Enter picks a buyer); any key with Ctrl, Alt or Meta is the browser's.
 */
export function laneKeyAction(event: KeyboardEvent, letters: LaneKeyLetters, priceField: HTMLElement | null): LaneKeyAction | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return undefined;
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (target?.closest('[role="dialog"], .ant-modal')) return undefined;
  if (event.key === 'Enter') {
    if (target?.closest('button, a, [role="button"]')) return undefined;
    if (isTypingTarget(target) && target !== priceField) return undefined;
    return 'sold';
  }
  if (isTypingTarget(target)) return undefined;
  if (isShortcut(event, letters.noSale)) return 'noSale';
  if (isShortcut(event, letters.buyer)) return 'buyer';
  if (isShortcut(event, letters.price)) return 'price';
  return undefined;
}
