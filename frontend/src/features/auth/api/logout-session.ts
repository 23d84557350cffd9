import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type LogoutSessionRequest = components['schemas']['LogoutSessionRequest'];
type LoginResponse = components['schemas']['LoginResponse'];

/** POST /api/auth/logout-session: ends the other session and signs in here. */
export function logoutSession(body: LogoutSessionRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/logout-session', { method: 'POST', body, auth: false });
}

export function useLogoutSessionMutation() {
  return useMutation({ mutationFn: logoutSession });
}
