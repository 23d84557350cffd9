import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from './ar.json';
import en from './en.json';
import { initialLanguage } from './language-storage';
import type { translation } from './resources';

// Every screen loads this module: it holds en.json and ar.json only, the strings of the login pages, the shell and
// the smaller modules. Each other locale file (members.en.json with members.ar.json, ...) is added by its module in
// ./strings/ when a page that needs it loads (issue 16); strings.test.ts checks that every lazily loaded module
// registers what it uses. Both languages come with a page's module, so switching language loads nothing.
void i18n.use(initReactI18next).init({
  // Copies: i18next keeps the objects it is given and adds the other locale files into them.
  resources: { en: { translation: structuredClone(en) }, ar: { translation: structuredClone(ar) } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'ar'],
  initAsync: false,
  interpolation: { escapeValue: false },
});

/**
 * Adds one or more locale files under their keys, in English and Arabic. Called when a page's module is evaluated,
 * before it renders, so its first render has its strings (react-i18next does not render again when strings are
 * added). The Arabic has every key of the English (the type says so; lib/i18n/arabic.test.ts checks the plurals).
 */
export function addStrings(english: Partial<typeof translation>, arabic: Partial<typeof translation>): void {
  i18n.addResourceBundle('en', 'translation', english, true, true);
  i18n.addResourceBundle('ar', 'translation', arabic, true, true);
}

export default i18n;
