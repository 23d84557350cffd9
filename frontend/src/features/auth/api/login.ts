import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type LoginRequest = components['schemas']['LoginRequest'];
export type LoginResponse = components['schemas']['LoginResponse'];
export type TwoStepChallenge = components['schemas']['TwoStepChallenge'];
export type SessionConflict = components['schemas']['SessionConflict'];
/** A session, or (two-step sign-in on) a challenge to send with a code to POST /api/auth/login/code. */
export type LoginAnswer = LoginResponse | TwoStepChallenge;

/** Whether the password step answered with a challenge instead of a session. */
export function isCodeNeeded(answer: LoginAnswer): answer is TwoStepChallenge {
  return 'codeNeeded' in answer && answer.codeNeeded;
}

/** POST /api/auth/login. A 409 (ApiError) carries the other session in `body.data`. */
export function login(body: LoginRequest): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('/auth/login', { method: 'POST', body, auth: false });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
