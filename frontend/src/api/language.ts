import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { meQueryKey, type MeResponse } from '@/api/me';
import type { components } from '@/api/schema';
import { applyLanguage, currentLanguage } from '@/lib/i18n/language';

export type Language = components['schemas']['Language'];
type UserOut = components['schemas']['UserOut'];

/** PUT /api/auth/language: the signed-in user's language, applied at each of their sign-ins. */
export function putLanguage(language: Language): Promise<UserOut> {
  return apiRequest<UserOut>('/auth/language', { method: 'PUT', body: { language } });
}

/**
 * Switches the screens at once and saves the choice on the user; when the save fails the screens go back to the
 * language they were in (components/use-language-change.ts tells the person).
 */
export function useLanguageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putLanguage,
    onMutate: (language) => {
      const before = currentLanguage();
      applyLanguage(language, { remember: true });
      return { before };
    },
    onError: (_error, _language, context) => {
      if (context) applyLanguage(context.before, { remember: true });
    },
    onSuccess: (user) => {
      queryClient.setQueryData<MeResponse>(meQueryKey, (me) => (me ? { ...me, user: { ...me.user, language: user.language } } : me));
    },
  });
}
