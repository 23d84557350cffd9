import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { alertsKey } from '@/features/alerts/api/alerts-key';
import type { Channel } from '@/features/alerts/api/get-messages';

export type Template = components['schemas']['TemplateEntry'];
export type TemplateList = components['schemas']['TemplateList'];

/** POST /api/alerts/templates/get {channel}: every event's template, then the free (promotion) ones, with their variables. */
export function getTemplates(channel: Channel): Promise<TemplateList> {
  return apiRequest<TemplateList>('/alerts/templates/get', { method: 'POST', body: { channel } });
}

export function templatesQueryOptions(channel: Channel) {
  return queryOptions({ queryKey: [...alertsKey, 'templates', channel], queryFn: () => getTemplates(channel) });
}

export function useTemplates(channel: Channel) {
  return useQuery(templatesQueryOptions(channel));
}
