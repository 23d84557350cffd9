import { createPausableTimer, type PausableTimer } from '@/lib/pausable-timer';

export const TOAST_DURATION_MS = 5000;
/** Attribute on each toast's root element; hover is found through it. */
export const TOAST_ID_ATTRIBUTE = 'data-toast-id';

export interface ToastTimers {
  /** Closes the toast `key` after the duration, counting only while the window has focus and it is not hovered. */
  start(key: string, close: () => void): void;
  stop(key: string): void;
  dispose(): void;
}

interface Options {
  durationMs?: number;
  win?: Window;
  hasFocus?: () => boolean;
}

export function createToastTimers({ durationMs = TOAST_DURATION_MS, win = window, hasFocus }: Options = {}): ToastTimers {
  const timers = new Map<string, PausableTimer>();
  let focused = hasFocus ? hasFocus() : win.document.hasFocus();
  let hovered: string | null = null;

  const sync = (key: string, timer: PausableTimer) => {
    if (focused && hovered !== key) timer.resume();
    else timer.pause();
  };
  const syncAll = () => timers.forEach((timer, key) => sync(key, timer));

  const onBlur = () => {
    focused = false;
    syncAll();
  };
  const onFocus = () => {
    focused = true;
    syncAll();
  };
  const onPointer = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const key = target?.closest(`[${TOAST_ID_ATTRIBUTE}]`)?.getAttribute(TOAST_ID_ATTRIBUTE) ?? null;
    if (key === hovered) return;
    hovered = key;
    syncAll();
  };

  win.addEventListener('blur', onBlur);
  win.addEventListener('focus', onFocus);
  win.document.addEventListener('mouseover', onPointer);

  return {
    start(key, close) {
      timers.get(key)?.cancel();
      const timer = createPausableTimer(durationMs, () => {
        timers.delete(key);
        close();
      });
      timers.set(key, timer);
      sync(key, timer);
    },
    stop(key) {
      timers.get(key)?.cancel();
      timers.delete(key);
    },
    dispose() {
      timers.forEach((timer) => timer.cancel());
      timers.clear();
      win.removeEventListener('blur', onBlur);
      win.removeEventListener('focus', onFocus);
      win.document.removeEventListener('mouseover', onPointer);
    },
  };
}
