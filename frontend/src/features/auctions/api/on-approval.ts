import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { ApprovalDecisionBody, ApprovalFilter, ApprovalList, ApprovalView, CounterAnswerBody } from '@/api/lot-types';
import { lotsKey } from '@/api/lots';

/** The on-approval list sits under the lots' key: an answer reads the lots (and the list) again. */
export const onApprovalKey = [...lotsKey, 'on-approval'] as const;

/** GET /api/lots/on-approval?status=waiting|answered|all: lots closed below their reserve and their sellers' answers. */
export function getOnApproval(status: ApprovalFilter): Promise<ApprovalList> {
  return apiRequest<ApprovalList>(`/lots/on-approval?status=${status}`);
}

export function onApprovalQueryOptions(status: ApprovalFilter) {
  return queryOptions({ queryKey: [...onApprovalKey, status], queryFn: () => getOnApproval(status), refetchOnWindowFocus: true });
}

export function useOnApproval(status: ApprovalFilter) {
  return useQuery(onApprovalQueryOptions(status));
}

/** POST /api/lots/{lotId}/approval {decision, amount?, note?}: the seller's answer, recorded by staff. */
export function recordApproval(lotId: string, body: ApprovalDecisionBody): Promise<ApprovalView> {
  return apiRequest<ApprovalView>(`/lots/${encodeURIComponent(lotId)}/approval`, { method: 'POST', body });
}

/** POST /api/lots/{lotId}/approval/counter-answer {accepted, note?}: the buyer's answer to the seller's counter-offer. */
export function recordCounterAnswer(lotId: string, body: CounterAnswerBody): Promise<ApprovalView> {
  return apiRequest<ApprovalView>(`/lots/${encodeURIComponent(lotId)}/approval/counter-answer`, { method: 'POST', body });
}

/** Every answer may sell the vehicle: the lots, vehicles, invoices and the dashboard's figures are read again. */
function useSettled() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: lotsKey }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      queryClient.invalidateQueries({ queryKey: ['vehicles'] }),
    ]);
}

export function useRecordApprovalMutation() {
  const onSettled = useSettled();
  return useMutation({ mutationFn: ({ lotId, body }: { lotId: string; body: ApprovalDecisionBody }) => recordApproval(lotId, body), onSettled });
}

export function useCounterAnswerMutation() {
  const onSettled = useSettled();
  return useMutation({ mutationFn: ({ lotId, body }: { lotId: string; body: CounterAnswerBody }) => recordCounterAnswer(lotId, body), onSettled });
}
