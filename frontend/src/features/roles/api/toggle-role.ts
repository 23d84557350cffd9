import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { meQueryKey } from '@/api/me';
import type { components } from '@/api/schema';
import { rolesKey } from '@/features/roles/api/get-roles';

type RoleOut = components['schemas']['RoleOut'];

interface ToggleRoleVariables {
  id: string;
  isActive: boolean;
}

/** PUT /api/role/toggle-active-role/{roleId} {isActive}: a role that is off grants nothing. */
export function toggleRole({ id, isActive }: ToggleRoleVariables): Promise<RoleOut> {
  return apiRequest<RoleOut>(`/role/toggle-active-role/${encodeURIComponent(id)}`, { method: 'PUT', body: { isActive } });
}

export function useToggleRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleRole,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: rolesKey }), queryClient.invalidateQueries({ queryKey: meQueryKey })]),
  });
}
