import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

type BusinessSettings = components['schemas']['BusinessOut'];

/**
 * GET /api/business/settings, under the business feature's own key (['business', 'settings']) so both screens share
 * one cached answer and a save there refreshes it here. Features do not import each other (ESLint): this is the read
 * the campaign dialog needs, the quiet hours of promotions (promoQuietFrom, promoQuietUntil; HH:MM Dubai).
 */
export function businessSettingsForAlertsQueryOptions() {
  return queryOptions({ queryKey: ['business', 'settings'] as const, queryFn: () => apiRequest<BusinessSettings>('/business/settings') });
}

/** The quiet hours of promotional SMS and WhatsApp; only asked when `enabled` (the role may view Settings). */
export function useQuietHours(enabled: boolean) {
  return useQuery({ ...businessSettingsForAlertsQueryOptions(), enabled, select: (settings) => ({ from: settings.promoQuietFrom, until: settings.promoQuietUntil }) });
}
