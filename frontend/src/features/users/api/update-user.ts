import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { meQueryKey } from '@/api/me';
import type { components } from '@/api/schema';
import { usersKey, type User } from '@/features/users/api/get-users';

export type UserUpdate = components['schemas']['UserUpdate'];

interface UpdateUserVariables {
  id: string;
  body: UserUpdate;
}

/** PUT /api/users/update-user/{userId}: details and role; never email, phone, isActive or status. */
export function updateUser({ id, body }: UpdateUserVariables): Promise<User> {
  return apiRequest<User>(`/users/update-user/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

/** Also refreshes the signed-in user: editing yourself may change your own role. */
export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: usersKey }), queryClient.invalidateQueries({ queryKey: meQueryKey })]),
  });
}
