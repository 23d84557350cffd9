import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { ConfirmModal } from '@/components/confirm-modal';
import { useErrorToast } from '@/components/use-error-toast';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useCancelCampaignMutation } from '@/features/alerts/api/cancel-campaign';
import { useCampaigns, type Campaign } from '@/features/alerts/api/get-campaigns';
import type { Channel } from '@/features/alerts/api/get-messages';
import { CampaignModal } from '@/features/alerts/components/campaign-modal';
import { CampaignsTable } from '@/features/alerts/components/campaigns-table';
import { DEFAULT_LIMIT } from '@/lib/use-list-params';

/**
 * 'Campaigns': the channel's promotions with their progress (refreshed every few seconds while one is on its way);
 * 'New campaign' (Alerts add) and Cancel (Alerts updateStatus). Its paging is its own: the URL's belongs to Messages.
 */
export function CampaignsTab({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canAdd = useCan('Alerts', 'add');
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const [editing, setEditing] = useState<{ open: boolean; draft?: Campaign }>({ open: false });
  const [cancelling, setCancelling] = useState<Campaign>();
  const cancel = useCancelCampaignMutation();
  const query = useCampaigns({ channel, pageNo: paging.page, limit: paging.limit });
  useErrorToast(query.error, t('alerts.errors.campaignsFailed'));
  const list = { ...paging, search: '', filters: {}, setPage: (page: number, limit?: number) => setPaging({ page, limit: limit ?? paging.limit }), setSort: () => undefined };

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling._id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => showError(error, t('alerts.errors.cancelCampaignFailed')),
      onSettled: () => setCancelling(undefined),
    });
  };

  return (
    <Flex vertical gap={16}>
      {canAdd && (
        <Flex justify="end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
            {t('alerts.campaigns.new')}
          </Button>
        </Flex>
      )}
      <CampaignsTable channel={channel} data={query.data} loading={query.isFetching && !query.data} list={list} onEdit={(draft) => setEditing({ open: true, draft })} onCancel={setCancelling} />
      <CampaignModal channel={channel} open={editing.open} draft={editing.draft} onClose={() => setEditing({ open: false })} />
      <ConfirmModal
        open={cancelling !== undefined}
        title={t('alerts.campaigns.cancelTitle', { name: cancelling?.name ?? '' })}
        message={t('alerts.campaigns.cancelMessage')}
        confirmText={t('alerts.campaigns.cancelConfirm')}
        cancelText={t('alerts.campaigns.keep')}
        danger
        loading={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(undefined)}
      />
    </Flex>
  );
}
