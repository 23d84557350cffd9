import { moneyValue } from '@/components/money-input';
import type { PlanFields } from '@/features/plans/api/create-plan';
import type { Plan } from '@/features/plans/api/list-plans';

/** Amounts are edited as typed (MoneyInput: '1,500.00') and sent as decimal strings, so no float ever touches money. */
export interface PlanFormValues {
  name: string;
  tag?: string | null;
  planAmount: string;
  amountAfterDiscount?: string | null;
  buyingPower: string;
  description?: string | null;
}

const blank = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);
const money = (value: number | null) => (value === null ? null : value.toFixed(2));

export function fromPlan(plan: Plan): PlanFormValues {
  return {
    name: plan.name,
    tag: plan.tag,
    planAmount: plan.planAmount.toFixed(2),
    amountAfterDiscount: money(plan.amountAfterDiscount),
    buyingPower: plan.buyingPower.toFixed(2),
    description: plan.description,
  };
}

export function toPlanFields(values: PlanFormValues): PlanFields {
  return {
    name: values.name.trim(),
    tag: blank(values.tag),
    planAmount: moneyValue(values.planAmount) ?? '',
    amountAfterDiscount: moneyValue(values.amountAfterDiscount),
    buyingPower: moneyValue(values.buyingPower) ?? '',
    description: blank(values.description),
  };
}

/** A discount is shown when the price after discount is below the plan amount. */
export function hasDiscount(plan: Pick<Plan, 'planAmount' | 'amountAfterDiscount'>): boolean {
  return plan.amountAfterDiscount !== null && plan.amountAfterDiscount < plan.planAmount;
}
