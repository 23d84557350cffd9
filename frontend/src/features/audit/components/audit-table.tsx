import { Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import type { AuditEvent, AuditEventList } from '@/api/audit-events';
import { AuditActionCell } from '@/components/audit-action-cell';
import { AuditActor } from '@/components/audit-actor';
import { AuditRecord } from '@/features/audit/components/audit-record';
import type { AuditFilter } from '@/features/audit/lib/audit-filters';
import { formatDateTime } from '@/lib/dates';
import type { ListControls } from '@/lib/use-list-params';

interface AuditTableProps {
  data: AuditEventList | undefined;
  loading: boolean;
  list: ListControls<AuditFilter>;
  onOpen: (event: AuditEvent) => void;
}


/** Audit events, newest first (the When column turns the order), a server page at a time: when, who, from where, the action and the record. */
export function AuditTable({ data, loading, list, onOpen }: AuditTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<AuditEvent> = [
    { key: 'createdAt', title: t('audit.columns.when'), sorter: true, render: (_, event) => formatDateTime(event.createdAt) },
    { key: 'who', title: t('audit.columns.who'), render: (_, event) => <AuditActor event={event} /> },
    { key: 'action', title: t('audit.columns.action'), render: (_, event) => <AuditActionCell event={event} onOpen={onOpen} /> },
    { key: 'record', title: t('audit.columns.record'), render: (_, event) => <AuditRecord event={event} /> },
    { key: 'where', title: t('audit.columns.where'), render: (_, event) => event.ipAddress ?? t('common.notAvailable') },
    {
      key: 'device',
      title: t('audit.columns.device'),
      render: (_, event) => (event.device ? event.device : <Typography.Text type="secondary">{t('audit.noDevice')}</Typography.Text>),
    },
  ];
  return (
    <Flex vertical gap={8}>
      {data?.totalIsCapped && <Typography.Text type="warning">{t('audit.capped', { count: data.countLimit })}</Typography.Text>}
      <DataTable<AuditEvent> listKey="audit-log" aria-label={t('audit.tableLabel')} columns={columns} rows={data?.data} total={data?.total ?? 0} loading={loading} list={{ ...list, sortBy: 'createdAt', sortOrder: list.sortOrder ?? 'desc' }} />
    </Flex>
  );
}
