import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type TwoStepSetup = components['schemas']['TwoStepSetup'];

/** POST /api/auth/two-step/setup: a new secret as an otpauth:// URI for the QR code, shown this once. */
export function startTwoStepSetup(): Promise<TwoStepSetup> {
  return apiRequest<TwoStepSetup>('/auth/two-step/setup', { method: 'POST' });
}

export function useStartTwoStepSetupMutation() {
  return useMutation({ mutationFn: startTwoStepSetup });
}
