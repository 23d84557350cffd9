import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { PlanFields } from '@/features/plans/api/create-plan';
import { plansKey, type Plan } from '@/features/plans/api/list-plans';

interface UpdatePlanVariables {
  id: string;
  body: PlanFields;
}

/** PUT /api/plan/{id}. */
export function updatePlan({ id, body }: UpdatePlanVariables): Promise<Plan> {
  return apiRequest<Plan>(`/plan/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdatePlanMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePlan, onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKey }) });
}
