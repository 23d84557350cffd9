import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { meQueryOptions } from '@/api/me';
import { PageFallback } from '@/app/routes/page-fallback';
import { paths } from '@/lib/paths';
import { useToken } from '@/lib/use-token';

const MustChangePassword = lazy(async () => ({
  default: (await import('@/app/routes/must-change-password')).MustChangePassword,
}));
const MustSetUpTwoStep = lazy(async () => ({
  default: (await import('@/app/routes/must-set-up-two-step')).MustSetUpTwoStep,
}));

/**
 * Protected routes: without a token (localStorage or cookie) go to /login, remembering where to come back.
 * With one, the signed-in user is loaded first; a user whose password an administrator reset sets a new one
 * before anything else, and then a user whose role requires two-step sign-in sets it up.
 */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  const me = useQuery({ ...meQueryOptions(), enabled: Boolean(token) });
  if (!token) return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (me.isPending) return <PageFallback />;
  if (me.data?.user.mustChangePassword) {
    return (
      <Suspense fallback={<PageFallback />}>
        <MustChangePassword />
      </Suspense>
    );
  }
  if (me.data?.twoStep?.setupDue) {
    return (
      <Suspense fallback={<PageFallback />}>
        <MustSetUpTwoStep />
      </Suspense>
    );
  }
  return <Outlet />;
}
