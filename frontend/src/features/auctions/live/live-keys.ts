import { isShortcut, isTypingTarget } from '@/features/auctions/lib/lane-keys';

/** The live console's one-letter shortcuts: F a floor bid at the asking price, H sold (the hammer). */
export type LiveKeyAction = 'floorBid' | 'sold';

/**
 * What a key press means on the live console, or undefined: never while the focus is where a person types (a field,
 * a search box), in a dialog, on a button or a link (their own keys), with Ctrl, Alt or Meta (the browser's), while
 * composing, nor for a held key's repeats (one press, one move).
 */
export function liveKeyAction(event: KeyboardEvent, letters: { floorBid: string; sold: string }): LiveKeyAction | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing || event.repeat) return undefined;
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (target?.closest('[role="dialog"], .ant-modal')) return undefined;
  if (isTypingTarget(target)) return undefined;
  if (isShortcut(event, letters.floorBid)) return 'floorBid';
  if (isShortcut(event, letters.sold)) return 'sold';
  return undefined;
}
