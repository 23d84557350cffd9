import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type LoginRequest = components['schemas']['LoginRequest'];
export type LoginResponse = components['schemas']['LoginResponse'];
export type SessionConflict = components['schemas']['SessionConflict'];

/** POST /api/auth/login. A 409 (ApiError) carries the other session in `body.data`. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login', { method: 'POST', body, auth: false });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
