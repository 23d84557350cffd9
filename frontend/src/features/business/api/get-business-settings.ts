import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type BusinessSettings = components['schemas']['BusinessOut'];

export const businessKey = ['business', 'settings'] as const;

/** GET /api/business/settings: the details printed on documents and the rules of money in. */
export function getBusinessSettings(): Promise<BusinessSettings> {
  return apiRequest<BusinessSettings>('/business/settings');
}

export function businessSettingsQueryOptions() {
  return queryOptions({ queryKey: businessKey, queryFn: getBusinessSettings });
}

export function useBusinessSettings() {
  return useQuery(businessSettingsQueryOptions());
}
