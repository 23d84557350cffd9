import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type RecoveryCodes = components['schemas']['RecoveryCodes'];

/** POST /api/auth/two-step/enable: a current code turns it on; answers the recovery codes, shown once. */
export function enableTwoStep(code: string): Promise<RecoveryCodes> {
  return apiRequest<RecoveryCodes>('/auth/two-step/enable', { method: 'POST', body: { code } });
}

/**
 * Leaves GET /api/auth/me alone: the recovery codes must stay on screen until the user has saved them (a fresh
 * `me` would take a user whose role requires it straight into the app). The caller refreshes it afterwards.
 */
export function useEnableTwoStepMutation() {
  return useMutation({ mutationFn: enableTwoStep });
}
