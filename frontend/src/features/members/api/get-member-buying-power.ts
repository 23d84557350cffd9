import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { moneyKey } from '@/api/money-key';
import type { components } from '@/api/schema';

/** The member's buying power and why: plan, deposit held, unpaid purchases, an overdue invoice, what is available. */
export type BuyingPower = components['schemas']['BuyingPower'];

/** GET /api/members/{id}/buying-power (Members view). */
export function getMemberBuyingPower(memberId: string): Promise<BuyingPower> {
  return apiRequest<BuyingPower>(`/members/${encodeURIComponent(memberId)}/buying-power`);
}

/** Under the money key: a deposit paid, a purchase, a payment, a refund or an overdue day all change it. */
export function memberBuyingPowerQueryOptions(memberId: string) {
  return queryOptions({ queryKey: [...moneyKey, 'member-buying-power', memberId], queryFn: () => getMemberBuyingPower(memberId) });
}

export function useMemberBuyingPower(memberId: string) {
  return useQuery(memberBuyingPowerQueryOptions(memberId));
}
