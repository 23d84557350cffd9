import { useTranslation } from 'react-i18next';
import { SummaryCards } from '@/components/summary-cards';
import type { MessageList } from '@/features/alerts/api/get-messages';
import { MESSAGE_STATUSES, messageStatusLabel } from '@/features/alerts/lib/message-status';

interface MessagesSummaryProps {
  counts: MessageList['counts'] | undefined;
  status: string | undefined;
  onStatus: (value: string | undefined) => void;
  loading: boolean;
}

/** How many of the channel's messages are in each status under the other filters; a card filters the list, a second click clears it. */
export function MessagesSummary({ counts, status, onStatus, loading }: MessagesSummaryProps) {
  const { t } = useTranslation();
  return (
    <SummaryCards
      aria-label={t('common.summary')}
      loading={loading}
      items={MESSAGE_STATUSES.map((value) => ({
        key: value,
        label: messageStatusLabel(value),
        value: counts ? (counts[value] ?? 0) : undefined,
        onClick: () => onStatus(status === value ? undefined : value),
        active: status === value,
      }))}
    />
  );
}
