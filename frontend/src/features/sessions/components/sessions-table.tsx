import { Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { DataTable } from '@/components/data-table';
import type { StaffSession, StaffSessionList } from '@/features/sessions/api/get-staff-sessions';
import { EndSessionButton } from '@/features/sessions/components/end-session-button';
import { formatDateTime } from '@/lib/dates';
import type { ListControls } from '@/lib/use-list-params';

interface SessionsTableProps {
  data: StaffSessionList | undefined;
  loading: boolean;
  list: ListControls<never>;
}

/** Live sessions: who, their role, where from and when; your own is tagged and has no End button. */
export function SessionsTable({ data, loading, list }: SessionsTableProps) {
  const { t } = useTranslation();
  const canEnd = useCan('Sessions', 'delete');
  const columns: TableColumnsType<StaffSession> = [
    {
      key: 'user',
      title: t('sessions.user'),
      render: (_, row) => (
        <Flex vertical>
          <Flex gap={8} align="center">
            <Typography.Text strong>{row.fullName}</Typography.Text>
            {row.isCurrent && (
              <Tooltip title={t('sessions.thisSessionHint')}>
                <Tag color="blue">{t('sessions.thisSession')}</Tag>
              </Tooltip>
            )}
          </Flex>
          <Typography.Text type="secondary">{row.email}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'role', title: t('sessions.role'), render: (_, row) => row.roleName ?? t('sessions.noRole') },
    { key: 'device', title: t('sessions.device'), dataIndex: 'deviceName' },
    { key: 'system', title: t('sessions.system'), dataIndex: 'operatingSystem' },
    { key: 'browser', title: t('sessions.browser'), dataIndex: 'browserName' },
    { key: 'ip', title: t('sessions.ip'), dataIndex: 'ipAddress' },
    { key: 'signedInAt', title: t('sessions.signedIn'), sorter: true, render: (_, row) => formatDateTime(row.signedInAt) },
    { key: 'lastActiveAt', title: t('sessions.lastActivity'), sorter: true, render: (_, row) => formatDateTime(row.lastActiveAt) },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      render: (_, row) => (row.isCurrent || !canEnd ? null : <EndSessionButton row={row} />),
    },
  ];

  return (
    <DataTable<StaffSession> listKey="sessions"
      aria-label={t('sessions.tableLabel')}
      columns={columns}
      rows={data?.data}
      total={data?.totalMatching ?? 0}
      loading={loading}
      list={list}
    />
  );
}
