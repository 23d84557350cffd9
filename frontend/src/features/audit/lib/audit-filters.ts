import { splitDayRange } from '@/components/date-range-filter';
import type { AuditEntity, AuditFilters, AuditModule, AuditQuery } from '@/api/audit-events';
import { ENTITIES } from '@/lib/audit-values';
import type { ListParams } from '@/lib/use-list-params';

/** The filters the audit log keeps in the URL, besides its search box (?search=4711)
 * (?staff=<id>&module=Members&action=member.status_changed&entity=member&record=<id>&dates=2026-11-01..). */
export type AuditFilter = 'staff' | 'module' | 'action' | 'entity' | 'record' | 'dates';

export const AUDIT_FILTERS: readonly AuditFilter[] = ['staff', 'module', 'action', 'entity', 'record', 'dates'];

export const MODULES: readonly AuditModule[] = ['Members', 'Vehicles', 'Auctions', 'Payments', 'Users', 'Roles', 'Settings', 'Alerts'];


const isModule = (value: string | undefined): value is AuditModule => MODULES.includes(value as AuditModule);
const isEntity = (value: string | undefined): value is AuditEntity => ENTITIES.includes(value as AuditEntity);

/** The filters of the URL as the API takes them; a value a hand-edited URL got wrong is left out (a record id without its kind too). */
export function auditFilters(params: ListParams<AuditFilter>): AuditFilters {
  const { staff, module, action, entity, record, dates } = params.filters;
  const { from, to } = splitDayRange(dates);
  const kind = isEntity(entity) ? entity : undefined;
  return {
    search: params.search || undefined,
    actorId: staff,
    module: isModule(module) ? module : undefined,
    action: action || undefined,
    entity: kind,
    entityId: kind ? record : undefined,
    dateFrom: from,
    dateTo: to,
    sortOrder: params.sortOrder ?? 'desc',
  };
}

/** The page query: the filters with the page and its size. */
export function auditListQuery(params: ListParams<AuditFilter>): AuditQuery {
  return { ...auditFilters(params), pageNo: params.page, limit: params.limit };
}
