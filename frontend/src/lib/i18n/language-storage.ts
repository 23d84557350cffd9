import { getToken } from '@/lib/token-storage';

/** The staff web app's two languages (issue 27). */
export type Language = 'en' | 'ar';

/** The signed-in user's language, kept on this device so that a reload opens in it before /auth/me answers. */
const LANGUAGE_KEY = 'gavel.language';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ar';
}

/** Arabic when the browser lists an Arabic language before any English one; English otherwise. */
export function browserLanguage(): Language {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'ar') return 'ar';
    if (primary === 'en') return 'en';
  }
  return 'en';
}

export function storedLanguage(): Language | null {
  const value = window.localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(value) ? value : null;
}

/** The user's choice while signed in; the browser's language on the sign-in pages. */
export function initialLanguage(): Language {
  return (getToken() ? storedLanguage() : null) ?? browserLanguage();
}

export function rememberLanguage(language: Language): void {
  window.localStorage.setItem(LANGUAGE_KEY, language);
}

export function forgetLanguage(): void {
  window.localStorage.removeItem(LANGUAGE_KEY);
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}
