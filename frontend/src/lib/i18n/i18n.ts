import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import type { translation } from './resources';

// Every screen loads this module: it holds en.json only, the strings of the login pages, the shell and the
// smaller modules. Each other locale file (members.en.json, ...) is added by its module in ./strings/ when a page
// that needs it loads (issue 16); strings.test.ts checks that every lazily loaded module registers what it uses.
void i18n.use(initReactI18next).init({
  // A copy: i18next keeps the object it is given and adds the other locale files into it.
  resources: { en: { translation: structuredClone(en) } },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
});

/**
 * Adds one or more locale files under their keys. Called when a page's module is evaluated, before it renders,
 * so its first render has its strings (react-i18next does not render again when strings are added).
 */
export function addStrings(strings: Partial<typeof translation>): void {
  i18n.addResourceBundle('en', 'translation', strings, true, true);
}

export default i18n;
