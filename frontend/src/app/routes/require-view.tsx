import { Outlet } from 'react-router';
import { usePermissions } from '@/api/use-can';
import { NoAccess } from '@/components/no-access';
import type { Module } from '@/lib/permissions';

/** The screens below need the view privilege on `module`; without it they show 'no access'. */
export function RequireView({ module }: { module: Module }) {
  const { can, loaded } = usePermissions();
  if (!loaded) return null;
  return can(module, 'view') ? <Outlet /> : <NoAccess />;
}
