import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageMutation, type Language } from '@/api/language';
import { useToast } from '@/components/use-toast';
import { errorMessage } from '@/lib/error-message';

/**
 * The top bar's switch and the profile's choice: switch now, save on the user, and say so when the save failed.
 * The failure is told from an effect, after the screens went back to their language: a toast opened while the
 * direction changes is lost with Ant Design's notification holder, which is drawn again for the new direction.
 */
export function useLanguageChange(): { change: (language: Language) => void; isPending: boolean } {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useLanguageMutation();
  const { error } = mutation;
  useEffect(() => {
    if (error) toast.error(errorMessage(error, t('profile.language.failed')));
  }, [error, toast, t]);
  return { change: mutation.mutate, isPending: mutation.isPending };
}
