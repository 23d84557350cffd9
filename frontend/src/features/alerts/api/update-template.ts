import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';
import type { Template } from '@/features/alerts/api/get-templates';

export type TemplateUpdate = components['schemas']['TemplateUpdate'];

/** PUT /api/alerts/templates/{id}: the texts; refused (422) at the field when a text uses a variable its event does not have. */
export function updateTemplate({ id, body }: { id: string; body: TemplateUpdate }): Promise<Template> {
  return apiRequest<Template>(`/alerts/templates/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...alertsKey, 'templates'] }) });
}
