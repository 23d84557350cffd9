import { EditOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { DataTable } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import type { Campaign, CampaignList } from '@/features/alerts/api/get-campaigns';
import type { Channel } from '@/features/alerts/api/get-messages';
import { CampaignProgress } from '@/features/alerts/components/campaign-progress';
import { campaignStatusLabel, campaignStatusVariant, isCancellable, isDraft } from '@/features/alerts/lib/campaign-status';
import { channelLabel } from '@/features/alerts/lib/channels';
import { formatDateTime } from '@/lib/dates';
import type { ListControls } from '@/lib/use-list-params';

interface CampaignsTableProps {
  /** The channel of the tab, named in the empty table's sentence. */
  channel: Channel;
  data: CampaignList | undefined;
  loading: boolean;
  list: Pick<ListControls, 'page' | 'limit' | 'search' | 'sortBy' | 'sortOrder' | 'setPage' | 'setSort'> & { filters: object };
  onEdit: (campaign: Campaign) => void;
  onCancel: (campaign: Campaign) => void;
}

/** The channel's campaigns, newest first: status, when it goes, recipients, progress and results; a draft is finished and sent, a running one cancelled. */
export function CampaignsTable({ channel, data, loading, list, onEdit, onCancel }: CampaignsTableProps) {
  const { t } = useTranslation();
  const canAdd = useCan('Alerts', 'add');
  const canCancel = useCan('Alerts', 'updateStatus');
  const columns: TableColumnsType<Campaign> = [
    { title: t('alerts.campaigns.columns.name'), key: 'name', fixed: 'start', render: (_, campaign) => campaign.name },
    {
      title: t('alerts.campaigns.columns.status'),
      key: 'status',
      render: (_, campaign) => <StatusBadge variant={campaignStatusVariant(campaign.status)}>{campaignStatusLabel(campaign.status)}</StatusBadge>,
    },
    { title: t('alerts.campaigns.columns.sendAt'), key: 'sendAt', render: (_, campaign) => formatDateTime(campaign.sendAt) },
    { title: t('alerts.campaigns.columns.recipients'), key: 'recipients', align: 'end', render: (_, campaign) => String(Math.max(campaign.recipientCount, campaign.results.written)) },
    { title: t('alerts.campaigns.columns.progress'), key: 'progress', render: (_, campaign) => <CampaignProgress campaign={campaign} /> },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, campaign) => (
        <Flex gap={8}>
          {canAdd && isDraft(campaign) && (
            <Button size="small" icon={<EditOutlined />} aria-label={t('alerts.campaigns.editOne', { name: campaign.name })} onClick={() => onEdit(campaign)}>
              {t('alerts.campaigns.edit')}
            </Button>
          )}
          {canCancel && isCancellable(campaign) && (
            <Button size="small" danger icon={<StopOutlined />} aria-label={t('alerts.campaigns.cancelOne', { name: campaign.name })} onClick={() => onCancel(campaign)}>
              {t('alerts.campaigns.cancel')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];
  const empty = t('alerts.campaigns.empty', { channel: channelLabel(channel) });
  return <DataTable<Campaign> listKey="campaigns" cardColumns={['name', 'status', 'sendAt']} aria-label={t('alerts.campaigns.tableLabel')} columns={columns} rows={data?.data} total={data?.totalMatching ?? 0} loading={loading} list={list} empty={empty} />;
}
