import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearLogoutReason } from '@/features/auth/lib/logout-reason';
import { paths } from '@/lib/paths';
import { clearDeadline } from '@/lib/session-timer';
import { saveToken } from '@/lib/token-storage';

interface FromState {
  from?: { pathname?: string };
}

/** After a successful login: store the token, start a fresh inactivity deadline, open the app. */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from?.pathname;

  return useCallback(
    (token: string, remember: boolean) => {
      queryClient.removeQueries({ queryKey: ['auth'] });
      clearDeadline(window.localStorage);
      clearLogoutReason();
      saveToken(token, remember);
      navigate(from ?? paths.dashboard, { replace: true });
    },
    [from, navigate, queryClient],
  );
}
