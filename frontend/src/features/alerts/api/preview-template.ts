import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';

export type PreviewRequest = components['schemas']['PreviewRequest'];
export type Preview = components['schemas']['Preview'];
export type SmsCount = components['schemas']['SmsCount'];

/** POST /api/alerts/templates/preview: the text rendered with sample values, checked as saving checks it; SMS segments. */
export function previewTemplate(body: PreviewRequest): Promise<Preview> {
  return apiRequest<Preview>('/alerts/templates/preview', { method: 'POST', body });
}

export function previewQueryOptions(body: PreviewRequest | undefined) {
  return queryOptions({
    queryKey: [...alertsKey, 'preview', body],
    queryFn: () => previewTemplate(body!),
    enabled: body !== undefined && body.body.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** The preview of `body` (give it the debounced text, not every keystroke); nothing while the text is empty. */
export function useTemplatePreview(body: PreviewRequest | undefined) {
  return useQuery(previewQueryOptions(body));
}
