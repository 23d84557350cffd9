import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { membersKey } from '@/features/members/api/get-members';

/** `reason` is required to reject or deactivate (3 to 500 characters; 422 at the field `reason` otherwise). */
export type MemberStatusChange = components['schemas']['MemberStatusChange'];
type CountsMessage = components['schemas']['MemberCountsMessage'];

/**
 * PUT /api/members/update-status {ids, status, reason?}: all or nothing; a transition not allowed answers 409.
 * Members already in that status are left alone, so sending the same change twice is harmless.
 */
export function updateMemberStatus(body: MemberStatusChange): Promise<CountsMessage> {
  return apiRequest<CountsMessage>('/members/update-status', { method: 'PUT', body });
}

/** The members leave their list and the counts change: every members query is refreshed. */
export function useUpdateMemberStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMemberStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }) });
}
