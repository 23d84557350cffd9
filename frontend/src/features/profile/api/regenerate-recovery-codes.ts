import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { meQueryKey } from '@/api/me';
import type { RecoveryCodes } from '@/features/profile/api/enable-two-step';
import type { TwoStepProof } from '@/features/profile/api/disable-two-step';

/** POST /api/auth/two-step/recovery-codes: ten new codes (password or a current code); the old ones stop working. */
export function regenerateRecoveryCodes(proof: TwoStepProof): Promise<RecoveryCodes> {
  return apiRequest<RecoveryCodes>('/auth/two-step/recovery-codes', { method: 'POST', body: proof });
}

export function useRegenerateRecoveryCodesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
