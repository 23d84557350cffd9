import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { staffSessionsKey } from '@/features/sessions/api/get-staff-sessions';

type StaffSessionEnded = components['schemas']['StaffSessionEnded'];

/** PUT /api/staff-sessions/{id}/end: signs that person out at once (409 for your own or an ended session). */
export function endStaffSession(id: string): Promise<StaffSessionEnded> {
  return apiRequest<StaffSessionEnded>(`/staff-sessions/${encodeURIComponent(id)}/end`, { method: 'PUT' });
}

export function useEndStaffSessionMutation() {
  const queryClient = useQueryClient();
  // Settled, not only success: after a 409 (ended meanwhile, expired) the list is stale too.
  return useMutation({ mutationFn: endStaffSession, onSettled: () => queryClient.invalidateQueries({ queryKey: staffSessionsKey }) });
}
