import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { auditKey } from '@/api/audit-events';

export type AuditActionOption = components['schemas']['AuditActionOption'];
export type AuditStaffOption = components['schemas']['AuditStaffOption'];

/** GET /api/audit-events/actions: the actions the log filters by, in words. */
export function auditActionsQueryOptions() {
  return queryOptions({ queryKey: [...auditKey, 'actions'], queryFn: () => apiRequest<AuditActionOption[]>('/audit-events/actions'), staleTime: Infinity });
}

/** GET /api/audit-events/staff: every staff user, active or not, for the staff user filter. */
export function auditStaffQueryOptions() {
  return queryOptions({ queryKey: [...auditKey, 'staff'], queryFn: () => apiRequest<AuditStaffOption[]>('/audit-events/staff'), staleTime: 60_000 });
}

export function useAuditActions() {
  return useQuery(auditActionsQueryOptions());
}

export function useAuditStaff() {
  return useQuery(auditStaffQueryOptions());
}
