import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { operations } from '@/api/schema';
import { usersKey } from '@/features/users/api/get-users';

type CountsMessage = operations['users-update_user_password']['responses'][200]['content']['application/json'];

/** PUT /api/users/update-user-password/{userId}: Gavel mails a temporary password and ends the user's sessions. */
export function resetUserPassword(userId: string): Promise<CountsMessage> {
  return apiRequest<CountsMessage>(`/users/update-user-password/${encodeURIComponent(userId)}`, { method: 'PUT' });
}

export function useResetUserPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetUserPassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
