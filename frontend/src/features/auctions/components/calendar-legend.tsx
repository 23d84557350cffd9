import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUCTION_STATUSES, statusColor, statusLabel } from '@/features/auctions/lib/auction-status';

/** What the event colours mean. */
export function CalendarLegend() {
  const { t } = useTranslation();
  return (
    <Flex component="ul" aria-label={t('auctions.calendar.legend')} gap={16} wrap style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {AUCTION_STATUSES.map((status) => (
        <Flex component="li" key={status} gap={6} align="center">
          <span aria-hidden style={{ width: 12, height: 12, borderRadius: 3, background: statusColor(status), display: 'inline-block' }} />
          <Typography.Text>{statusLabel(status)}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
