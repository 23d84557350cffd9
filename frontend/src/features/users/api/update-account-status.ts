import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { operations } from '@/api/schema';
import { usersKey } from '@/features/users/api/get-users';

type Operation = operations['users-update_account_status'];
export type AccountStatusChange = Operation['requestBody']['content']['application/json'];
type CountsMessage = Operation['responses'][200]['content']['application/json'];

/** PUT /api/users/update-account-status {userAccountStatus, ids}. */
export function updateAccountStatus(body: AccountStatusChange): Promise<CountsMessage> {
  return apiRequest<CountsMessage>('/users/update-account-status', { method: 'PUT', body });
}

export function useUpdateAccountStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAccountStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
