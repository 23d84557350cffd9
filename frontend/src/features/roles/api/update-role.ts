import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { meQueryKey } from '@/api/me';
import type { components } from '@/api/schema';
import { rolesKey, type Role } from '@/features/roles/api/get-roles';

export type RoleUpdate = components['schemas']['RoleUpdate'];

interface UpdateRoleVariables {
  id: string;
  body: RoleUpdate;
}

/** PUT /api/role/update/{id}: name and privileges (never isActive, SPEC.md section 5). */
export function updateRole({ id, body }: UpdateRoleVariables): Promise<Role> {
  return apiRequest<Role>(`/role/update/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

/** Also refreshes the signed-in user: their own role's privileges may have changed. */
export function useUpdateRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: rolesKey }), queryClient.invalidateQueries({ queryKey: meQueryKey })]),
  });
}
