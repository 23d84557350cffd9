import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { operations } from '@/api/schema';
import { usersKey } from '@/features/users/api/get-users';

type CountsMessage = operations['users-delete_users']['responses'][200]['content']['application/json'];

/** DELETE /api/users/delete {userIds}: all or nothing, never yourself. */
export function deleteUsers(userIds: string[]): Promise<CountsMessage> {
  return apiRequest<CountsMessage>('/users/delete', { method: 'DELETE', body: { userIds } });
}

export function useDeleteUsersMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUsers, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
