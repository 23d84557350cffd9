import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { membersKey } from '@/features/members/api/get-members';

type CountsMessage = components['schemas']['MemberCountsMessage'];

/** DELETE /api/members/delete {memberIds}: all or nothing. */
export function deleteMembers(memberIds: string[]): Promise<CountsMessage> {
  return apiRequest<CountsMessage>('/members/delete', { method: 'DELETE', body: { memberIds } });
}

export function useDeleteMembersMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMembers, onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }) });
}
