import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import type { LoginAnswer } from '@/features/auth/api/login';

export type LogoutSessionRequest = components['schemas']['LogoutSessionRequest'];

/** POST /api/auth/logout-session: ends the other session and signs in here (a challenge with two-step on). */
export function logoutSession(body: LogoutSessionRequest): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('/auth/logout-session', { method: 'POST', body, auth: false });
}

export function useLogoutSessionMutation() {
  return useMutation({ mutationFn: logoutSession });
}
