import '@testing-library/jest-dom/vitest';
import '@/lib/i18n/i18n';
import StyleCache from '@ant-design/cssinjs/lib/Cache';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { applyLanguage } from '@/lib/i18n/language';

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

// Vitest runs this file again before each test file, in the same jsdom (isolate: false): what patches the window
// is installed once, or each file would wrap getComputedStyle again and add one more observer of every mutation.
const installed = window as Window & { gavelTestStyles?: true };
if (!installed.gavelTestStyles) {
  installed.gavelTestStyles = true;
  installComputedStyles();
  keepAntStyles();
}

/**
 * Ant Design builds each component's style (its token, its CSS variables, its rules serialized) when the first
 * instance mounts and drops it when the last one unmounts; every test unmounts everything, so every test built
 * them all again (5 to 10% of the suite's time). The built styles are kept: an entry whose count falls to zero stays
 * at zero instead of being deleted, and the next mount reuses it. The style elements come and go as before (the
 * removal callback still runs, and the next mount injects its style again); only the strings are not rebuilt, and
 * they depend on nothing but their cache key (the theme's hash and the component).
 */
function keepAntStyles() {
  const opUpdate = StyleCache.prototype.opUpdate;
  StyleCache.prototype.opUpdate = function keep(this: StyleCache, key, valueFn) {
    opUpdate.call(this, key, (previous) => {
      const next = valueFn(previous);
      return next === null && previous ? [0, previous[1]] : next;
    });
  };
}

/**
 * Testing Library asks getComputedStyle for each candidate element and its ancestors in every role query (is it
 * hidden? what is its name?), user-event before each click (pointer-events), jest-dom in toBeVisible; jsdom answers
 * by matching the element against every rule of every style sheet. Ant Design injects some 3,000 rules, kept in
 * the document for the whole run: that matching took a third of the suite's time.
 *
 * 1. Ant Design's sheets are cut to the properties that change what a test sees or does: the ones Testing
 *    Library, jest-dom and user-event read (display, visibility, opacity, pointer-events, content) and the
 *    ones Ant Design's own components read back to decide something (position, overflow, white-space, resize,
 *    margin-bottom, border widths, and the shorthands setting those). Every other declaration (colours, spacing,
 *    fonts, custom properties, which jsdom leaves unresolved inside var() anyway) is removed, and a rule left
 *    empty goes with it. Removing other declarations changes neither which rule wins for a kept property nor its
 *    value. Checked after every test of 22 files against a copy of the document with the whole sheets: the kept
 *    properties of every element were equal, but for a margin-bottom of '0px' where the whole sheets give '0'
 *    on a few form labels (zero both ways). A test asserting another property reads an inline style (toHaveStyle
 *    on the app's own style props): no sheet rule sets it. A sheet is cut before any style is read from it.
 * 2. The answers are kept until the document changes in any way (a DOM mutation, seen at once through
 *    takeRecords, so a style is never read stale). jsdom does not implement pseudo-element styles and logs an
 *    error for each call: the element's own style answers.
 */
function installComputedStyles() {
  const kept = new Set([
    'display',
    'visibility',
    'opacity',
    'pointer-events',
    'content',
    'position',
    'overflow',
    'overflow-x',
    'overflow-y',
    'white-space',
    'resize',
    'margin-bottom',
    'border-top-width',
    'border-right-width',
    'border-bottom-width',
    'border-left-width',
    // and the shorthands that set them (jsdom cascades a shorthand apart from its longhands: margin: var(--x) 0
    // after margin: 0 leaves margin-bottom at its initial value).
    'margin',
    'border',
    'border-width',
    'border-style',
    'border-top',
    'border-right',
    'border-bottom',
    'border-left',
  ]);
  const cut = new WeakSet<CSSStyleSheet>();

  /** Cuts the rules of a sheet or an at-rule; deletes what keeps nothing. jsdom's styles read only style, @media and @import rules. */
  function cutRules(rules: CSSRuleList, deleteRule: (index: number) => void) {
    for (let index = rules.length - 1; index >= 0; index--) {
      const rule = rules[index];
      if (rule instanceof CSSStyleRule) {
        const { style } = rule;
        for (const name of Array.from(style)) {
          if (!kept.has(name)) style.removeProperty(name);
        }
        if (style.length === 0) deleteRule(index);
      } else if (rule instanceof CSSMediaRule) {
        cutRules(rule.cssRules, (inner) => rule.deleteRule(inner));
        if (rule.cssRules.length === 0) deleteRule(index);
      } else if (!(rule instanceof CSSImportRule)) {
        deleteRule(index);
      }
    }
  }

  function cutNewSheets() {
    for (const sheet of Array.from(document.styleSheets)) {
      if (cut.has(sheet)) continue;
      cut.add(sheet);
      const owner = sheet.ownerNode;
      // Only the sheets Ant Design's CSS-in-JS writes (marked with the hash of the style they hold).
      if (owner instanceof HTMLStyleElement && owner.hasAttribute('data-css-hash')) {
        cutRules(sheet.cssRules, (index) => sheet.deleteRule(index));
      }
    }
  }

  const computedStyle = window.getComputedStyle.bind(window);
  let styles = new WeakMap<Element, CSSStyleDeclaration>();
  // A sheet comes or changes only with a DOM mutation (a style element added, its text replaced).
  let sheetsMayBeNew = true;
  const changed = () => {
    styles = new WeakMap();
    sheetsMayBeNew = true;
  };
  const changes = new MutationObserver(changed);
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  window.getComputedStyle = (element: Element) => {
    if (changes.takeRecords().length > 0) changed();
    let style = styles.get(element);
    if (style === undefined) {
      if (sheetsMayBeNew) {
        cutNewSheets();
        sheetsMayBeNew = false;
      }
      style = computedStyle(element);
      styles.set(element, style);
    }
    return style;
  };
}

afterEach(() => {
  cleanup();
  // A test that showed Arabic leaves the next one in English, left to right.
  applyLanguage('en');
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie.split('; ').forEach((cookie) => {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });
});
