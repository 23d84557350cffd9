import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components, operations } from '@/api/schema';

export type AuditQuery = NonNullable<operations['audit-list_audit_events']['parameters']['query']>;
export type AuditFilters = Omit<AuditQuery, 'pageNo' | 'limit'>;
export type AuditEventList = components['schemas']['AuditEventList'];
export type AuditEvent = components['schemas']['AuditEventOut'];
export type AuditChange = components['schemas']['AuditChange'];
export type AuditModule = components['schemas']['AuditModule'];
export type AuditEntity = components['schemas']['AuditEntity'];

/** Every audit query starts with this key. */
export const auditKey = ['audit-events'] as const;

/** The query string of a filter set: empty values left out, so the URL and the cache key stay the same for the same filters. */
export function auditSearch(query: AuditFilters & Partial<Pick<AuditQuery, 'pageNo' | 'limit'>>): string {
  const params = new URLSearchParams();
  Object.entries(query).forEach(([key, value]) => {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  });
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/audit-events: a page of audit events, newest first; with entity and entityId, one record's history. */
export function getAuditEvents(query: AuditQuery): Promise<AuditEventList> {
  return apiRequest<AuditEventList>(`/audit-events${auditSearch(query)}`);
}

export function auditEventsQueryOptions(query: AuditQuery) {
  return queryOptions({ queryKey: [...auditKey, 'list', query], queryFn: () => getAuditEvents(query), placeholderData: keepPreviousData });
}

export function useAuditEvents(query: AuditQuery, enabled = true) {
  return useQuery({ ...auditEventsQueryOptions(query), enabled });
}
