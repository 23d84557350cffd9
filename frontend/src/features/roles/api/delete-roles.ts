import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { rolesKey } from '@/features/roles/api/get-roles';

type SuccessMessage = components['schemas']['SuccessMessage'];

/** DELETE /api/role/delete {roleIds}: all or nothing; a role someone holds is refused (409). */
export function deleteRoles(roleIds: string[]): Promise<SuccessMessage> {
  return apiRequest<SuccessMessage>('/role/delete', { method: 'DELETE', body: { roleIds } });
}

export function useDeleteRolesMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRoles, onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey }) });
}
