import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

type CountsMessage = components['schemas']['MemberCountsMessage'];

/** PUT /api/members/update-member-password/{id} (no body): Gavel mails the member a temporary password. */
export function resetMemberPassword(id: string): Promise<CountsMessage> {
  return apiRequest<CountsMessage>(`/members/update-member-password/${encodeURIComponent(id)}`, { method: 'PUT' });
}

export function useResetMemberPasswordMutation() {
  return useMutation({ mutationFn: resetMemberPassword });
}
