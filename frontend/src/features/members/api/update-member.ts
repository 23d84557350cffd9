import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';
import { membersKey, type Member } from '@/features/members/api/get-members';

export type MemberUpdate = components['schemas']['MemberUpdate'];

interface UpdateMemberVariables {
  id: string;
  body: MemberUpdate;
}

/** PUT /api/members/update-member/{id}: details and profile; never email, phone, role, requestType or status. */
export function updateMember({ id, body }: UpdateMemberVariables): Promise<Member> {
  return apiRequest<Member>(`/members/update-member/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

/** A new security plan issues a deposit invoice (or refunds the difference): money changes with the member. */
export function useUpdateMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: membersKey }), queryClient.invalidateQueries({ queryKey: moneyKey })]),
  });
}
