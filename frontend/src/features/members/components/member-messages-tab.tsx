import { Alert, Button, Spin, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CellText } from '@/components/data-table';
import { StatusBadge, type StatusVariant } from '@/components/status-badge';
import { useMemberMessages, type MemberMessage } from '@/features/members/api/get-member-messages';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';

const PAGE_SIZE = 10;
const SCREEN = { sms: paths.promotions, whatsapp: paths.whatsappSms, email: paths.emails } as const;
const VARIANT: Record<MemberMessage['status'], StatusVariant> = {
  queued: 'pending',
  sending: 'info',
  sent: 'approved',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
  cancelled: 'default',
};

/**
 * 'Messages': every SMS, WhatsApp message and email written to the member, newest first, with its status; the date
 * opens the message on its channel's screen (text and delivery timeline). Shown to roles with Alerts view.
 */
export function MemberMessagesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, limit: PAGE_SIZE });
  const query = useMemberMessages(memberId, paging.page, paging.limit);
  const event = (message: MemberMessage) =>
    message.event && message.origin === 'event' ? t(`alerts.events.${message.event}` as 'alerts.events.memberApproved') : t(message.origin === 'campaign' ? 'alerts.origin.campaign' : 'alerts.origin.system');
  const columns: TableColumnsType<MemberMessage> = [
    {
      key: 'written',
      title: t('alerts.messages.columns.written'),
      render: (_, message) => (
        <Link to={`${SCREEN[message.channel]}?message=${encodeURIComponent(message._id)}`} aria-label={t('alerts.member.open', { channel: t(`alerts.channel.${message.channel}`), written: formatDateTime(message.createdAt), event: event(message) })}>
          {formatDateTime(message.createdAt)}
        </Link>
      ),
    },
    { key: 'channel', title: t('alerts.drawer.channel'), render: (_, message) => t(`alerts.channel.${message.channel}`) },
    { key: 'event', title: t('alerts.messages.columns.event'), render: (_, message) => event(message) },
    { key: 'recipient', title: t('alerts.messages.columns.recipient'), render: (_, message) => message.recipient },
    {
      key: 'text',
      title: t('alerts.messages.columns.text'),
      render: (_, message) => (
        <span dir="auto">
          <CellText text={message.subject ?? message.snippet} />
        </span>
      ),
    },
    {
      key: 'status',
      title: t('alerts.messages.columns.status'),
      render: (_, message) => <StatusBadge variant={VARIANT[message.status]}>{t(`alerts.status.${message.status}`)}</StatusBadge>,
    },
  ];
  if (query.isPending) return <Spin aria-label={t('alerts.member.loading')} />;
  if (query.isError) {
    return <Alert type="error" showIcon title={t('alerts.errors.fetchFailed')} action={<Button onClick={() => void query.refetch()}>{t('alerts.member.retry')}</Button>} />;
  }
  return (
    <Table<MemberMessage>
      aria-label={t('alerts.member.table')}
      rowKey="_id"
      columns={columns}
      dataSource={query.data.data}
      loading={query.isFetching}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('alerts.member.empty') }}
      pagination={{
        current: paging.page,
        pageSize: paging.limit,
        total: query.data.totalMatching,
        hideOnSinglePage: true,
        onChange: (page, limit) => setPaging({ page, limit }),
      }}
    />
  );
}
