import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { AbsenteeBidBody, EventLots, LotDetail, LotView, MemberAbsenteeBids, WithdrawMaximumBody } from '@/api/lot-types';

/** Every lots query sits under this key: an absentee bid or a withdrawal reads them all again. */
export const lotsKey = ['lots'] as const;

const at = (id: string) => encodeURIComponent(id);

/** GET /api/auction-events/{eventId}/lots: the event's lots in lane and run order (the server makes missing ones). */
export function getEventLots(eventId: string): Promise<EventLots> {
  return apiRequest<EventLots>(`/auction-events/${at(eventId)}/lots`);
}

export function eventLotsQueryOptions(eventId: string) {
  return queryOptions({ queryKey: [...lotsKey, 'event', eventId], queryFn: () => getEventLots(eventId) });
}

export function useEventLots(eventId: string | undefined) {
  return useQuery({ ...eventLotsQueryOptions(eventId ?? ''), enabled: Boolean(eventId) });
}

/** GET /api/lots/{lotId}: the lot with its bid log and its standing maxima (staff only). */
export function getLot(lotId: string): Promise<LotDetail> {
  return apiRequest<LotDetail>(`/lots/${at(lotId)}`);
}

export function lotQueryOptions(lotId: string) {
  return queryOptions({ queryKey: [...lotsKey, 'one', lotId], queryFn: () => getLot(lotId) });
}

export function useLot(lotId: string | undefined) {
  return useQuery({ ...lotQueryOptions(lotId ?? ''), enabled: Boolean(lotId) });
}

/** GET /api/members/{memberId}/absentee-bids: the member's maxima with their lots, and whether each leads. */
export function getMemberAbsenteeBids(memberId: string): Promise<MemberAbsenteeBids> {
  return apiRequest<MemberAbsenteeBids>(`/members/${at(memberId)}/absentee-bids`);
}

export function memberAbsenteeBidsQueryOptions(memberId: string) {
  return queryOptions({ queryKey: [...lotsKey, 'member', memberId], queryFn: () => getMemberAbsenteeBids(memberId) });
}

export function useMemberAbsenteeBids(memberId: string) {
  return useQuery(memberAbsenteeBidsQueryOptions(memberId));
}

/** POST /api/lots/{lotId}/absentee-bids {memberId, maximum}: a member's maximum entered by staff. */
export function enterAbsenteeBid(lotId: string, body: AbsenteeBidBody): Promise<LotView> {
  return apiRequest<LotView>(`/lots/${at(lotId)}/absentee-bids`, { method: 'POST', body });
}

/** POST /api/lots/{lotId}/absentee-bids/{memberId}/withdraw {reason}: a member's maximum taken back by staff. */
export function withdrawMaximum(lotId: string, memberId: string, body: WithdrawMaximumBody): Promise<LotView> {
  return apiRequest<LotView>(`/lots/${at(lotId)}/absentee-bids/${at(memberId)}/withdraw`, { method: 'POST', body });
}

export function useEnterAbsenteeBidMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lotId, body }: { lotId: string; body: AbsenteeBidBody }) => enterAbsenteeBid(lotId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lotsKey }),
  });
}

export function useWithdrawMaximumMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lotId, memberId, reason }: { lotId: string; memberId: string; reason: string }) => withdrawMaximum(lotId, memberId, { reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lotsKey }),
  });
}
