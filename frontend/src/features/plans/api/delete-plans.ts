import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { plansKey } from '@/features/plans/api/list-plans';

type PlanDeleted = components['schemas']['PlanDeleted'];

/** DELETE /api/plan/delete {ids}: a plan with subscribers is refused (409). */
export function deletePlans(ids: string[]): Promise<PlanDeleted> {
  return apiRequest<PlanDeleted>('/plan/delete', { method: 'DELETE', body: { ids } });
}

export function useDeletePlansMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePlans, onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKey }) });
}
