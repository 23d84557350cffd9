import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { rolesKey, type Role } from '@/features/roles/api/get-roles';

export type RoleCreate = components['schemas']['RoleCreate'];

/** POST /api/role/create: a role with one privilege entry per module. */
export function createRole(body: RoleCreate): Promise<Role> {
  return apiRequest<Role>('/role/create', { method: 'POST', body });
}

export function useCreateRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey }) });
}
