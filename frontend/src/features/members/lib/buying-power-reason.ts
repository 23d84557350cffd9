import type { BuyingPower } from '@/features/members/api/get-member-buying-power';
import i18n from '@/lib/i18n/i18n';
import { formatAed } from '@/lib/money';

export type BuyingPowerTone = 'success' | 'info' | 'warning' | 'error';

export interface BuyingPowerReason {
  tone: BuyingPowerTone;
  text: string;
}

const t = i18n.t.bind(i18n);

/**
 * Why the member may bid what they may, in one sentence, from the figures of buying-power (the server's rule in
 * the order it applies it): no plan, an overdue invoice, the deposit not paid, then what is available and from what.
 */
export function buyingPowerReason(power: BuyingPower): BuyingPowerReason {
  const { plan, overdueInvoice } = power;
  if (plan === null) return { tone: 'warning', text: t('members.buyingPower.reason.noPlan') };
  if (overdueInvoice !== null) {
    return { tone: 'error', text: t('members.buyingPower.reason.overdue', { invoice: overdueInvoice.invoiceNo, count: overdueInvoice.daysOverdue }) };
  }
  if (power.depositHeld <= 0) {
    return { tone: 'warning', text: t('members.buyingPower.reason.depositNotPaid', { plan: plan.name, deposit: formatAed(plan.requiredDeposit) }) };
  }
  const figures = {
    available: formatAed(power.available),
    plan: plan.name,
    power: formatAed(power.planBuyingPower),
    held: formatAed(power.depositHeld),
    required: formatAed(plan.requiredDeposit),
    unpaid: formatAed(power.unpaidPurchases),
  };
  const partly = power.depositHeld < plan.requiredDeposit;
  if (power.unpaidPurchases > 0) {
    return { tone: power.available > 0 ? 'info' : 'warning', text: t(partly ? 'members.buyingPower.reason.partlyLessUnpaid' : 'members.buyingPower.reason.lessUnpaid', figures) };
  }
  return { tone: 'success', text: t(partly ? 'members.buyingPower.reason.partly' : 'members.buyingPower.reason.available', figures) };
}
