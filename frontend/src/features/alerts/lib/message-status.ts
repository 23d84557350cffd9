import type { StatusVariant } from '@/components/status-badge';
import type { AlertEvent, MessageStatus } from '@/features/alerts/api/get-messages';
import i18n from '@/lib/i18n/i18n';

/** The statuses of a message, in the order the cards show them. */
export const MESSAGE_STATUSES: readonly MessageStatus[] = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'cancelled'];

export const EVENTS: readonly AlertEvent[] = [
  'memberApproved',
  'memberRejected',
  'vehicleApproved',
  'vehicleRejected',
  'vehicleSold',
  'invoiceIssued',
  'paymentDue',
  'invoiceOverdue',
  'paymentVerified',
  'gatePassIssued',
  'payoutCompleted',
  'depositRefunded',
  'sellerApprovalRequested',
  'counterOffered',
];

const VARIANTS: Record<MessageStatus, StatusVariant> = {
  queued: 'pending',
  sending: 'info',
  sent: 'approved',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
  cancelled: 'default',
};

export function isMessageStatus(value: string | undefined): value is MessageStatus {
  return (MESSAGE_STATUSES as readonly (string | undefined)[]).includes(value);
}

export function isEvent(value: string | undefined | null): value is AlertEvent {
  return (EVENTS as readonly (string | undefined | null)[]).includes(value);
}

/** Queued, Sending, Sent, Delivered, Read, Failed, Cancelled. */
export function messageStatusLabel(value: string): string {
  return isMessageStatus(value) ? i18n.t(`alerts.status.${value}`) : value;
}

export function messageStatusVariant(value: string): StatusVariant {
  return isMessageStatus(value) ? VARIANTS[value] : 'default';
}

/** Member approved, Invoice issued …; a campaign's message says Promotion, a one-time code System. */
export function eventLabel(event: string | null, origin: string): string {
  if (isEvent(event)) return i18n.t(`alerts.events.${event}`);
  if (origin === 'campaign') return i18n.t('alerts.origin.campaign');
  if (origin === 'system') return i18n.t('alerts.origin.system');
  return event ?? '';
}

/** Retry takes failed and cancelled messages; cancel queued and failed ones (the server refuses the others). */
export const canRetry = (status: MessageStatus) => status === 'failed' || status === 'cancelled';
export const canCancel = (status: MessageStatus) => status === 'queued' || status === 'failed';
