import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/api-error';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { membersKey } from '@/features/members/api/get-members';

/** A consent (with the wording the member agreed to) or a withdrawal (an optional note) on one channel, and how. */
export type ConsentRequest = components['schemas']['ConsentIn'];
export type ConsentRecorded = components['schemas']['ConsentRecorded'];

interface RecordConsentVariables {
  memberId: string;
  body: ConsentRequest;
}

/** POST /api/members/{id}/consents (Members edit): a consent or a withdrawal on one channel, with how it was given. */
export function recordConsent({ memberId, body }: RecordConsentVariables): Promise<ConsentRecorded> {
  return apiRequest<ConsentRecorded>(`/members/${encodeURIComponent(memberId)}/consents`, { method: 'POST', body });
}

/**
 * The member (its consent flags) and its records change together. A 409 says the member was already in that state
 * (someone else recorded it, or a STOP reply came in): the page reads the member again too.
 */
export function useRecordConsentMutation() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: membersKey });
  return useMutation({
    mutationFn: recordConsent,
    onSuccess: refresh,
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refresh() : undefined),
  });
}
