import { Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { CellText, DataTable } from '@/components/data-table';
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
      fixed: 'start',
      // One line: the name and email (cut, whole on hover) and whether this is the session in use.
      render: (_, row) => (
        <Flex gap={8} align="center" wrap={false}>
          <CellText text={`${row.fullName} · ${row.email}`} max={210}>
            <Typography.Text strong>{row.fullName}</Typography.Text> <Typography.Text type="secondary">· {row.email}</Typography.Text>
          </CellText>
          {row.isCurrent && (
            <Tooltip title={t('sessions.thisSessionHint')}>
              <Tag color="blue">{t('sessions.thisSession')}</Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    { key: 'lastActiveAt', title: t('sessions.lastActivity'), sorter: true, render: (_, row) => formatDateTime(row.lastActiveAt) },
    { key: 'signedInAt', title: t('sessions.signedIn'), sorter: true, render: (_, row) => formatDateTime(row.signedInAt) },
    { key: 'role', title: t('sessions.role'), render: (_, row) => <CellText text={row.roleName ?? t('sessions.noRole')} max={130} /> },
    // Rarely needed beside the browser and the address: shown from the column chooser.
    { key: 'device', title: t('sessions.device'), dataIndex: 'deviceName', hidden: true },
    { key: 'system', title: t('sessions.system'), dataIndex: 'operatingSystem', hidden: true },
    { key: 'browser', title: t('sessions.browser'), render: (_, row) => <CellText text={row.browserName} max={130} /> },
    { key: 'ip', title: t('sessions.ip'), dataIndex: 'ipAddress' },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, row) => (row.isCurrent || !canEnd ? null : <EndSessionButton row={row} />),
    },
  ];

  return (
    <DataTable<StaffSession> listKey="sessions" cardColumns={['user', 'lastActiveAt', 'browser']}
      aria-label={t('sessions.tableLabel')}
      columns={columns}
      rows={data?.data}
      total={data?.totalMatching ?? 0}
      loading={loading}
      list={list}
    />
  );
}
