import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '@/bidder/api/types';
import { dateTime, money, translate, type Translate } from '@/bidder/i18n/translate';

/** The language the member chose on this device, over their profile's. */
export const LANGUAGE_KEY = 'gavel.bidderLanguage';

export interface Locale {
  language: Language;
  dir: 'ltr' | 'rtl';
  t: Translate;
  money: (value: string | number | null | undefined) => string;
  dateTime: (iso: string | null | undefined) => string;
  /** The member's choice (the switch), kept on this device. */
  choose: (language: Language) => void;
  /** The member's profile language: used unless a choice was made on this device. */
  adopt: (language: Language) => void;
}

const LocaleContext = createContext<Locale | null>(null);

function stored(): Language | null {
  const value = window.localStorage.getItem(LANGUAGE_KEY);
  return value === 'en' || value === 'ar' ? value : null;
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<Language | null>(stored);
  const [profile, setProfile] = useState<Language | null>(null);
  const language: Language = chosen ?? profile ?? (navigator.language.startsWith('ar') ? 'ar' : 'en');

  const choose = useCallback((next: Language) => {
    window.localStorage.setItem(LANGUAGE_KEY, next);
    setChosen(next);
  }, []);

  const value = useMemo<Locale>(
    () => ({
      language,
      dir: language === 'ar' ? 'rtl' : 'ltr',
      t: (key, values) => translate(language, key, values),
      money: (amount) => money(language, amount),
      dateTime: (iso) => dateTime(language, iso),
      choose,
      adopt: setProfile,
    }),
    [language, choose],
  );
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): Locale {
  const locale = useContext(LocaleContext);
  if (!locale) throw new Error('useLocale outside the bidder page');
  return locale;
}
