import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { useToken } from '@/lib/use-token';

/** Protected routes: without a token (localStorage or cookie) go to /login, remembering where to come back. */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}
