import { Navigate, Outlet } from 'react-router';
import { paths } from '@/lib/paths';
import { useToken } from '@/lib/use-token';

/** Public routes (sign in, password reset) redirect to the dashboard when already signed in. */
export function PublicOnly() {
  const token = useToken();
  if (token) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
