import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { businessKey, type BusinessSettings } from '@/features/business/api/get-business-settings';

export type BusinessFields = components['schemas']['BusinessFields'];

/** PUT /api/business/settings: every field at once; invoices issued later use the new values. */
export function updateBusinessSettings(body: BusinessFields): Promise<BusinessSettings> {
  return apiRequest<BusinessSettings>('/business/settings', { method: 'PUT', body });
}

export function useUpdateBusinessSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBusinessSettings, onSuccess: (saved) => queryClient.setQueryData(businessKey, saved) });
}
