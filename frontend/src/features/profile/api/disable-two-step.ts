import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { meQueryKey } from '@/api/me';
import type { components } from '@/api/schema';

export type TwoStepProof = components['schemas']['TwoStepProof'];
type TwoStepState = components['schemas']['TwoStepState'];

/** POST /api/auth/two-step/disable: the password or a current code turns it off. */
export function disableTwoStep(proof: TwoStepProof): Promise<TwoStepState> {
  return apiRequest<TwoStepState>('/auth/two-step/disable', { method: 'POST', body: proof });
}

export function useDisableTwoStepMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoStep,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
