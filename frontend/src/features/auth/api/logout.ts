import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

type MessageResponse = components['schemas']['MessageResponse'];

/** POST /api/auth/logout: ends the current session. */
export function logout(): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/logout', { method: 'POST' });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
