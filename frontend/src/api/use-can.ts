import { useCallback } from 'react';
import { useMe } from '@/api/me';
import { roleAllows, type Module, type Privilege } from '@/lib/permissions';

export type CanFn = (module: Module, privilege: Privilege) => boolean;

/** A checker over the signed-in user's role (GET /api/auth/me `rolePermissionData`); false until it is known. */
export function usePermissions(): { can: CanFn; loaded: boolean } {
  const { data } = useMe();
  const role = data?.user.rolePermissionData;
  const can = useCallback<CanFn>((module, privilege) => roleAllows(role, module, privilege), [role]);
  return { can, loaded: data !== undefined };
}

/** Whether the signed-in user's role grants `privilege` on `module`. The UI hides; the server decides. */
export function useCan(module: Module, privilege: Privilege): boolean {
  return usePermissions().can(module, privilege);
}
