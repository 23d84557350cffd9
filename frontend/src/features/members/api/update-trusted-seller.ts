import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { membersKey } from '@/features/members/api/get-members';

export type TrustedSellerChange = components['schemas']['MemberAccountStatusChange'];
type CountsMessage = components['schemas']['MemberCountsMessage'];

/** PUT /api/members/update-account-status {ids, isTrustedSeller}: only sellers can be trusted. */
export function updateTrustedSeller(body: TrustedSellerChange): Promise<CountsMessage> {
  return apiRequest<CountsMessage>('/members/update-account-status', { method: 'PUT', body });
}

export function useUpdateTrustedSellerMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTrustedSeller, onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }) });
}
