import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { membersKey } from '@/features/members/api/get-members';

export type MemberCreate = components['schemas']['MemberCreate'];
type MemberCreated = components['schemas']['MemberCreated'];

/** POST /api/members/create: a new member starts in review (pending). */
export function createMember(body: MemberCreate): Promise<MemberCreated> {
  return apiRequest<MemberCreated>('/members/create', { method: 'POST', body });
}

export function useCreateMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }) });
}
