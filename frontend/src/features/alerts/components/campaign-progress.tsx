import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@/features/alerts/api/get-campaigns';

/** The share of the campaign's messages done, and its results as they come: sent, delivered, failed, opted out. */
export function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const { results } = campaign;
  const failed = campaign.status === 'cancelled' || results.failed > 0;
  return (
    <Flex vertical gap={2} style={{ minWidth: 220 }}>
      <Progress
        percent={results.percent}
        size="small"
        status={campaign.status === 'done' ? 'success' : failed ? 'exception' : campaign.status === 'draft' ? 'normal' : 'active'}
        aria-label={t('alerts.campaigns.progressOf', { name: campaign.name })}
      />
      <Typography.Text type="secondary">
        {t('alerts.campaigns.results', {
          written: results.written,
          total: Math.max(campaign.recipientCount, results.written),
          sent: results.sent,
          delivered: results.delivered,
          failed: results.failed,
          optedOut: results.optedOut,
        })}
      </Typography.Text>
    </Flex>
  );
}
