import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { operations } from '@/api/schema';
import { usersKey } from '@/features/users/api/get-users';

type Message = operations['users-reset_two_step']['responses'][200]['content']['application/json'];

/** PUT /api/users/reset-two-step/{userId}: turns off another user's two-step sign-in and signs them out. */
export function resetTwoStep(userId: string): Promise<Message> {
  return apiRequest<Message>(`/users/reset-two-step/${encodeURIComponent(userId)}`, { method: 'PUT' });
}

export function useResetTwoStepMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetTwoStep, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
