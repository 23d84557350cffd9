import type { AuditEntity } from '@/api/audit-events';
import i18n from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';

/** The kinds of record a filter can name, in the order the menu lists them. */
export const ENTITIES: readonly AuditEntity[] = [
  'member',
  'vehicle',
  'auction',
  'auction_event',
  'invoice',
  'payment',
  'user',
  'role',
  'location',
  'security_plan',
  'charge',
  'business_settings',
  'upload',
  'gate_pass',
  'alert_campaign',
  'alert_message',
  'alert_template',
  'alert_switch',
  'app_state',
];

/** A field of a record as a person reads it: 'userAccountStatus' reads 'User account status'. */
export function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value of a change: text as it is, yes/no, numbers, lists and objects as JSON; nothing as a dash. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return i18n.t('audit.change.none');
  if (typeof value === 'boolean') return i18n.t(value ? 'audit.change.yes' : 'audit.change.no');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** Whether the two sides differ (compared as JSON, so equal lists and objects are the same). */
export function changed(old: unknown, next: unknown): boolean {
  return JSON.stringify(old ?? null) !== JSON.stringify(next ?? null);
}

/** The screen of a record, for the kinds that have one. */
export function recordPath(entity: string, id: string | null | undefined): string | undefined {
  if (!id) return undefined;
  const key = encodeURIComponent(id);
  if (entity === 'member') return `${paths.member}/${key}`;
  if (entity === 'vehicle') return `${paths.vehicle}/${key}`;
  if (entity === 'auction_event') return `${paths.auctionEvent}/${key}`;
  if (entity === 'invoice') return `${paths.invoiceManagement}?invoice=${key}`;
  return undefined;
}

/** The kind of a record in words ('Auction event'); a kind this screen does not know yet from its code. */
export function entityLabel(entity: string): string {
  return ENTITIES.includes(entity as AuditEntity) ? i18n.t(`audit.entities.${entity as AuditEntity}`) : fieldLabel(entity);
}

/** The audit log's URL for one record's events (the History tab's link). */
export function recordLogSearch(entity: AuditEntity, id: string): string {
  return `?${new URLSearchParams({ entity, record: id }).toString()}`;
}
