import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { usersKey } from '@/features/users/api/get-users';

export type UserCreate = components['schemas']['UserCreate'];
type UserWithCounts = components['schemas']['UserWithCounts'];

/** POST /api/users/create: a staff user with one role and an initial password (no isActive). */
export function createUser(body: UserCreate): Promise<UserWithCounts> {
  return apiRequest<UserWithCounts>('/users/create', { method: 'POST', body });
}

export function useCreateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
