import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogoutMutation } from '@/features/auth/api/logout';
import { markInactivityLogout } from '@/features/auth/lib/logout-reason';
import { errorMessage } from '@/lib/error-message';
import { paths } from '@/lib/paths';
import { clearDeadline } from '@/lib/session-timer';
import { clearToken } from '@/lib/token-storage';

export type LogoutReason = 'user' | 'inactivity';

/** Ends the session on the server (a failure is only logged), then clears it here and goes to /login. */
export function useLogout() {
  const { mutateAsync, isPending } = useLogoutMutation();
  const navigate = useNavigate();
  const { t } = useTranslation();

  const logout = useCallback(
    async (reason: LogoutReason = 'user') => {
      // Mark first: a 401 from the call clears the token and the route guard may reach /login before us.
      if (reason === 'inactivity') markInactivityLogout();
      try {
        await mutateAsync();
      } catch (error) {
        console.warn(errorMessage(error, t('errors.logoutFailed')));
      }
      clearDeadline(window.localStorage);
      clearToken();
      navigate(paths.login, { replace: true });
    },
    [mutateAsync, navigate, t],
  );

  return { logout, isPending };
}
