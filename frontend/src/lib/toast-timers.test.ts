import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastTimers, type ToastTimers } from '@/lib/toast-timers';

function toastElement(key: string): HTMLElement {
  const element = document.createElement('div');
  element.setAttribute('data-toast-id', key);
  element.append(document.createElement('span'));
  document.body.append(element);
  return element;
}

describe('toast timers', () => {
  let timers: ToastTimers;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    timers.dispose();
    document.body.replaceChildren();
    vi.useRealTimers();
  });

  it('closes a toast after 5000 ms', () => {
    timers = createToastTimers({ hasFocus: () => true });
    const close = vi.fn();
    timers.start('a', close);
    vi.advanceTimersByTime(4999);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('pauses every toast while the window has no focus', () => {
    timers = createToastTimers({ hasFocus: () => true });
    const close = vi.fn();
    timers.start('a', close);
    vi.advanceTimersByTime(3000);
    window.dispatchEvent(new Event('blur'));
    vi.advanceTimersByTime(30_000);
    expect(close).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(2000);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('starts paused when shown in a window without focus', () => {
    timers = createToastTimers({ hasFocus: () => false });
    const close = vi.fn();
    timers.start('a', close);
    vi.advanceTimersByTime(10_000);
    expect(close).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(5000);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('pauses only the hovered toast', () => {
    timers = createToastTimers({ hasFocus: () => true });
    const hovered = vi.fn();
    const other = vi.fn();
    timers.start('a', hovered);
    timers.start('b', other);
    const element = toastElement('a');
    element.firstElementChild?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    vi.advanceTimersByTime(8000);
    expect(hovered).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    vi.advanceTimersByTime(5000);
    expect(hovered).toHaveBeenCalledTimes(1);
  });

  it('forgets a toast closed by hand', () => {
    timers = createToastTimers({ hasFocus: () => true });
    const close = vi.fn();
    timers.start('a', close);
    timers.stop('a');
    vi.advanceTimersByTime(10_000);
    expect(close).not.toHaveBeenCalled();
  });
});
