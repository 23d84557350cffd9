import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type LoginCodeRequest = components['schemas']['LoginCodeRequest'];
type LoginResponse = components['schemas']['LoginResponse'];

/**
 * POST /api/auth/login/code: the challenge of the password step and a code of the authenticator app (or a
 * recovery code). A 409 (ApiError) carries the other session; the same call with `endOtherSession` ends it.
 */
export function loginWithCode(body: LoginCodeRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login/code', { method: 'POST', body, auth: false });
}

export function useLoginCodeMutation() {
  return useMutation({ mutationFn: loginWithCode });
}
