import { Navigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useToken } from '@/lib/use-token';

/** `/` and unknown paths: the dashboard when signed in, else the login page. */
export function HomeRedirect() {
  const token = useToken();
  return <Navigate to={token ? paths.dashboard : paths.login} replace />;
}
