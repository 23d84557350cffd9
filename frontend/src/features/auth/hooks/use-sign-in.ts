import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { components } from '@/api/schema';
import { clearLogoutReason } from '@/features/auth/lib/logout-reason';
import { applyLanguage } from '@/lib/i18n/language';
import { paths } from '@/lib/paths';
import { clearDeadline } from '@/lib/session-timer';
import { saveToken } from '@/lib/token-storage';

interface FromState {
  from?: { pathname?: string };
}

type SignedIn = Pick<components['schemas']['LoginResponse'], 'token' | 'user'>;

/** After a successful login: store the token, start a fresh inactivity deadline, switch to the user's language, open the app. */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from?.pathname;

  return useCallback(
    ({ token, user }: SignedIn, remember: boolean) => {
      queryClient.removeQueries({ queryKey: ['auth'] });
      clearDeadline(window.localStorage);
      clearLogoutReason();
      saveToken(token, remember);
      applyLanguage(user.language ?? 'en', { remember: true });
      navigate(from ?? paths.dashboard, { replace: true });
    },
    [from, navigate, queryClient],
  );
}
