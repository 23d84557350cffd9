import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { plansKey, type Plan } from '@/features/plans/api/list-plans';

export type PlanFields = components['schemas']['PlanFields'];

/** POST /api/plan/create. */
export function createPlan(body: PlanFields): Promise<Plan> {
  return apiRequest<Plan>('/plan/create', { method: 'POST', body });
}

export function useCreatePlanMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPlan, onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKey }) });
}
