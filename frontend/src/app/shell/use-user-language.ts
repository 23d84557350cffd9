import { useEffect } from 'react';
import { useMe } from '@/api/me';
import { applyLanguage, currentLanguage } from '@/lib/i18n/language';

/** The signed-in user's language, from /auth/me: a reload, or a choice made in another tab or on another computer. */
export function useUserLanguage(): void {
  const language = useMe().data?.user.language;
  useEffect(() => {
    if (language && language !== currentLanguage()) applyLanguage(language, { remember: true });
  }, [language]);
}
