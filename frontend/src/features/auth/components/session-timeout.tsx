import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { getMe, meQueryKey } from '@/api/me';
import { useAppConfig } from '@/features/auth/api/get-app-config';
import { SessionTimeoutModal } from '@/features/auth/components/session-timeout-modal';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { useSessionTimeout } from '@/features/auth/hooks/use-session-timeout';
import { DEFAULT_TIMING, type SessionTiming } from '@/lib/session-timer';

function SessionWatch({ timing }: { timing: SessionTiming }) {
  const queryClient = useQueryClient();
  const { logout } = useLogout();
  const keepAlive = useCallback(() => {
    getMe({ silent: true })
      .then((me) => queryClient.setQueryData(meQueryKey, me))
      .catch((error: unknown) => console.warn(error));
  }, [queryClient]);
  const { secondsLeft, stayLoggedIn } = useSessionTimeout({ timing, keepAlive });

  return (
    <SessionTimeoutModal secondsLeft={secondsLeft} onStay={stayLoggedIn} onLogout={() => logout('inactivity')} />
  );
}

/** Inactivity logout for the signed-in shell; starts once the durations are known from /api/app-config. */
export function SessionTimeout() {
  const { data, isPending } = useAppConfig();
  const inactivity = data?.inactivitySeconds ?? DEFAULT_TIMING.inactivitySeconds;
  const warning = data?.warningSeconds ?? DEFAULT_TIMING.warningSeconds;
  const idle = data?.sessionIdleSeconds ?? DEFAULT_TIMING.sessionIdleSeconds;
  const timing = useMemo(
    () => ({ inactivitySeconds: inactivity, warningSeconds: warning, sessionIdleSeconds: idle }),
    [inactivity, warning, idle],
  );
  if (isPending) return null;
  return <SessionWatch timing={timing} />;
}
