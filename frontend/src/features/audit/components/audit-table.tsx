import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CellText, DataTable } from '@/components/data-table';
import type { AuditEvent, AuditEventList } from '@/api/audit-events';
import { AuditRecord } from '@/features/audit/components/audit-record';
import type { AuditFilter } from '@/features/audit/lib/audit-filters';
import { entityLabel } from '@/lib/audit-values';
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
  /** Who made the change: the staff user's name; the email alone once the user is deleted; Gavel itself for the clock's changes. */
  const actorOf = (event: AuditEvent) =>
    event.actorName ?? (event.actorId && event.actorEmail ? t('audit.deletedUser', { email: event.actorEmail }) : (event.actorEmail ?? t('audit.system')));
  const columns: TableColumnsType<AuditEvent> = [
    { key: 'createdAt', title: t('audit.columns.when'), fixed: 'start', sorter: true, render: (_, event) => formatDateTime(event.createdAt) },
    // One line each (issue 29): the staff user's name and email, cut with the whole on hover; the action opens the change.
    {
      key: 'who',
      title: t('audit.columns.who'),
      render: (_, event) => {
        const who = actorOf(event);
        return (
          <CellText text={event.actorName && event.actorEmail ? `${who} · ${event.actorEmail}` : who} max={180}>
            {who}
            {event.actorName && event.actorEmail && <Typography.Text type="secondary"> · {event.actorEmail}</Typography.Text>}
          </CellText>
        );
      },
    },
    {
      key: 'action',
      title: t('audit.columns.action'),
      render: (_, event) => (
        <Button type="link" style={{ padding: 0, height: 'auto' }} aria-label={t('audit.viewChange', { summary: event.summary })} onClick={() => onOpen(event)}>
          <CellText text={event.summary} />
        </Button>
      ),
    },
    {
      key: 'record',
      title: t('audit.columns.record'),
      render: (_, event) => (
        <CellText text={`${entityLabel(event.entity)}: ${event.recordName ?? event.entityId ?? ''}`} max={200}>
          <AuditRecord event={event} />
        </CellText>
      ),
    },
    { key: 'where', title: t('audit.columns.where'), render: (_, event) => event.ipAddress ?? t('common.notAvailable') },
    {
      key: 'device',
      title: t('audit.columns.device'),
      render: (_, event) => (event.device ? <CellText text={event.device} max={140} /> : <Typography.Text type="secondary">{t('audit.noDevice')}</Typography.Text>),
    },
  ];
  return (
    <Flex vertical gap={8}>
      {data?.totalIsCapped && <Typography.Text type="warning">{t('audit.capped', { count: data.countLimit })}</Typography.Text>}
      <DataTable<AuditEvent> listKey="audit-log" cardColumns={['createdAt', 'who', 'action']} aria-label={t('audit.tableLabel')} columns={columns} rows={data?.data} total={data?.total ?? 0} loading={loading} list={{ ...list, sortBy: 'createdAt', sortOrder: list.sortOrder ?? 'desc' }} />
    </Flex>
  );
}
