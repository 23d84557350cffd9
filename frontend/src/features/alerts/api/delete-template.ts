import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';

export type TemplateDeleted = components['schemas']['TemplateDeleted'];

/**
 * DELETE /api/alerts/templates/{id}: a promotion template; refused (409, in a sentence) for an event's template and
 * while a campaign not yet queued uses it.
 */
export function deleteTemplate(id: string): Promise<TemplateDeleted> {
  return apiRequest<TemplateDeleted>(`/alerts/templates/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...alertsKey, 'templates'] }) });
}
