import dayjs from 'dayjs';
import '@/lib/i18n/dayjs-arabic';
import i18n from '@/lib/i18n/i18n';
import { directionOf, forgetLanguage, isLanguage, rememberLanguage, type Language } from '@/lib/i18n/language-storage';

export type { Language } from '@/lib/i18n/language-storage';

/** The language the screens are in now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** The Arabic typeface is fetched the first time Arabic is shown, never for an English session. */
function loadArabicFont(): void {
  void import('@/lib/i18n/arabic-font');
}

/**
 * Shows the screens in `language`: the strings, <html lang dir>, dayjs's month and day names, the Arabic font.
 * `remember: true` keeps it on this device for a signed-in user's next reload; `false` (the sign-in pages) forgets
 * it; left out, the device keeps what it had (the first paint).
 */
export function applyLanguage(language: Language, options: { remember?: boolean } = {}): void {
  if (options.remember === true) rememberLanguage(language);
  if (options.remember === false) forgetLanguage();
  if (language === 'ar') loadArabicFont();
  dayjs.locale(language);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}
