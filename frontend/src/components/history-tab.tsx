import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { useErrorToast } from '@/components/use-error-toast';
import { useAuditEvents, type AuditEntity, type AuditEvent } from '@/api/audit-events';
import { AuditActor } from '@/components/audit-actor';
import { AuditChangeModal } from '@/components/audit-change-modal';
import { AuditActionCell } from '@/components/audit-action-cell';

import { recordLogSearch } from '@/lib/audit-values';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';

const PAGE = 10;

interface HistoryTabProps {
  /** The kind of record (member, vehicle, auction, invoice, user) and its id. */
  entity: AuditEntity;
  entityId: string;
}

/**
 * A record's History tab: its audit events, newest first, a server page at a time; an action opens its values before
 * and after. Whoever may view the record reads its history; a role with Roles view also gets a link to the audit log.
 */
export function HistoryTab({ entity, entityId }: HistoryTabProps) {
  const { t } = useTranslation();
  const canOpenLog = useCan('AuditLog', 'view');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditEvent>();
  const query = useAuditEvents({ entity, entityId, pageNo: page, limit: PAGE });
  useErrorToast(query.error, t('audit.errors.historyFailed'));
  const columns: TableColumnsType<AuditEvent> = [
    { key: 'when', title: t('audit.columns.when'), render: (_, event) => formatDateTime(event.createdAt) },
    { key: 'who', title: t('audit.columns.who'), render: (_, event) => <AuditActor event={event} /> },
    { key: 'action', title: t('audit.columns.action'), render: (_, event) => <AuditActionCell event={event} onOpen={setOpen} /> },
    { key: 'where', title: t('audit.columns.where'), render: (_, event) => event.ipAddress ?? t('common.notAvailable') },
  ];
  return (
    <Flex vertical gap={12}>
      {canOpenLog && (
        <Link to={`${paths.auditLog}${recordLogSearch(entity, entityId)}`} style={{ alignSelf: 'flex-end' }}>
          {t('audit.history.openLog')}
        </Link>
      )}
      <Table<AuditEvent>
        aria-label={t('audit.history.tableLabel')}
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={query.data?.data}
        loading={query.isFetching}
        locale={{ emptyText: <Typography.Text type="secondary">{t('audit.history.empty')}</Typography.Text> }}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: PAGE, total: query.data?.total ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
      />
      <AuditChangeModal event={open} onClose={() => setOpen(undefined)} />
    </Flex>
  );
}
