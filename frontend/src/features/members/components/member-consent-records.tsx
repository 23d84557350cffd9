import { Alert, Button, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CellText } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import { useMemberConsents, type ConsentRecord } from '@/features/members/api/get-member-consents';
import { formatDateTime } from '@/lib/dates';

const PAGE_SIZE = 10;

/**
 * 'Consent records': every consent and withdrawal of the member, newest first: when (Dubai time), the channel, how,
 * the wording (one line, the whole text on hover) and who recorded it.
 */
export function MemberConsentRecords({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const query = useMemberConsents(memberId);
  const title = t('members.consent.records.title');

  const columns: TableColumnsType<ConsentRecord> = [
    { key: 'at', title: t('members.consent.records.at'), render: (_, record) => formatDateTime(record.at) },
    { key: 'channel', title: t('members.consent.records.channel'), render: (_, record) => t(`members.consent.channels.${record.channel}`) },
    {
      key: 'kind',
      title: t('members.consent.records.kind'),
      render: (_, record) => <StatusBadge variant={record.given ? 'success' : 'default'}>{t(record.given ? 'members.consent.records.consent' : 'members.consent.records.withdrawal')}</StatusBadge>,
    },
    { key: 'method', title: t('members.consent.records.method'), render: (_, record) => record.methodLabel },
    {
      key: 'wording',
      title: t('members.consent.records.wording'),
      render: (_, record) =>
        record.wording ? (
          <span dir="auto">
            <CellText text={record.wording} />
          </span>
        ) : (
          <Typography.Text type="secondary">{t('members.consent.records.noWording')}</Typography.Text>
        ),
    },
    { key: 'by', title: t('members.consent.records.by'), render: (_, record) => record.recordedBy },
  ];

  let body;
  if (query.isError && !query.data) {
    body = <Alert type="error" showIcon title={t('members.consent.errors.recordsFailed')} action={<Button onClick={() => void query.refetch()}>{t('members.consent.records.retry')}</Button>} />;
  } else {
    body = (
      <Table<ConsentRecord>
        aria-label={t('members.consent.records.table')}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.items}
        loading={query.isPending || query.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('members.consent.records.empty') }}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
      />
    );
  }
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {body}
    </section>
  );
}
