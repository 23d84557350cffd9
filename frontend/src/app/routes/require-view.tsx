import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { usePermissions } from '@/api/use-can';
import type { Module } from '@/lib/permissions';

/** Loaded when shown: it draws Ant Design's Result, which no screen needs up front (bench/README.md, issue 16). */
const NoAccess = lazy(async () => ({ default: (await import('@/components/no-access')).NoAccess }));

/** The screens below need the view privilege on `module`; without it they show 'no access'. */
export function RequireView({ module }: { module: Module }) {
  const { can, loaded } = usePermissions();
  if (!loaded) return null;
  if (can(module, 'view')) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <NoAccess />
    </Suspense>
  );
}
