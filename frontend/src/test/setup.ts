import '@testing-library/jest-dom/vitest';
import '@/lib/i18n/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy routes load their modules on first use, which takes a moment under jsdom.
configure({ asyncUtilTimeout: 10000 });

// Ant Design measures layout and reads media queries; jsdom has neither.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

// jsdom does not implement pseudo-element styles and logs an error for each call. Its getComputedStyle also
// walks every style rule Ant Design injected, and Testing Library asks it for each candidate element and all its
// ancestors in every role query: the answers are kept until the document changes in any way (a DOM mutation,
// seen at once through takeRecords, so a style is never read stale).
const computedStyle = window.getComputedStyle.bind(window);
let styles = new WeakMap<Element, CSSStyleDeclaration>();
const changes = new MutationObserver(() => {
  styles = new WeakMap();
});
changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
window.getComputedStyle = (element: Element) => {
  if (changes.takeRecords().length > 0) styles = new WeakMap();
  let style = styles.get(element);
  if (style === undefined) {
    style = computedStyle(element);
    styles.set(element, style);
  }
  return style;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie.split('; ').forEach((cookie) => {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });
});
