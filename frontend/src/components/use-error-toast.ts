import { useEffect } from 'react';
import { useShowError } from '@/components/use-show-error';

/** Toasts a failed load once per error: the server's message, else `fallback` ('Failed to fetch users'). */
export function useErrorToast(error: unknown, fallback: string) {
  const showError = useShowError();
  useEffect(() => {
    if (error) showError(error, fallback);
  }, [error, fallback, showError]);
}
