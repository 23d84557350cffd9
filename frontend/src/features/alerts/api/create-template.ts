import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';
import type { Template } from '@/features/alerts/api/get-templates';

export type TemplateCreate = components['schemas']['TemplateCreate'];

/**
 * POST /api/alerts/templates: a promotion template (no event) of a channel; refused at the field with 422 for an unknown
 * variable (a promotion knows member.* and business.*) and 409 for a name the channel already has.
 */
export function createTemplate(body: TemplateCreate): Promise<Template> {
  return apiRequest<Template>('/alerts/templates', { method: 'POST', body });
}

export function useCreateTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...alertsKey, 'templates'] }) });
}
