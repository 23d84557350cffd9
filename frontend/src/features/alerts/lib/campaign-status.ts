import type { StatusVariant } from '@/components/status-badge';
import type { Campaign, CampaignStatus } from '@/features/alerts/api/get-campaigns';
import i18n from '@/lib/i18n/i18n';

const VARIANTS: Record<CampaignStatus, StatusVariant> = {
  draft: 'default',
  scheduled: 'pending',
  queueing: 'info',
  sending: 'info',
  done: 'success',
  cancelled: 'danger',
};

/** Draft, Scheduled, Queueing, Sending, Done, Cancelled. */
export function campaignStatusLabel(value: CampaignStatus): string {
  return i18n.t(`alerts.campaigns.status.${value}`);
}

export function campaignStatusVariant(value: CampaignStatus): StatusVariant {
  return VARIANTS[value] ?? 'default';
}

export const isDraft = (campaign: Campaign) => campaign.status === 'draft';
/** A campaign can be stopped until it is done (its queued messages are cancelled). */
export const isCancellable = (campaign: Campaign) => ['draft', 'scheduled', 'queueing', 'sending'].includes(campaign.status);
