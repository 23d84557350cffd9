import { Descriptions, Flex, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditChange, AuditEvent } from '@/api/audit-events';
import { AuditActor } from '@/components/audit-actor';
import { changed, entityLabel, fieldLabel, valueText } from '@/lib/audit-values';
import { formatDateTime } from '@/lib/dates';

interface AuditChangeModalProps {
  /** The event shown, or none (closed). */
  event: AuditEvent | undefined;
  onClose: () => void;
}

/** One audit event: when, who, from where, the record, and its values before and after side by side (changed ones marked). */
export function AuditChangeModal({ event, onClose }: AuditChangeModalProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<AuditChange> = [
    { key: 'field', title: t('audit.change.field'), render: (_, row) => fieldLabel(row.field) },
    { key: 'before', title: t('audit.change.before'), render: (_, row) => <Typography.Text type={changed(row.old, row.new) ? 'secondary' : undefined}>{valueText(row.old)}</Typography.Text> },
    {
      key: 'after',
      title: t('audit.change.after'),
      render: (_, row) =>
        changed(row.old, row.new) ? (
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{valueText(row.new)}</Typography.Text>
            <Tag color="gold">{t('audit.change.changedMark')}</Tag>
          </Flex>
        ) : (
          valueText(row.new)
        ),
    },
  ];
  return (
    <Modal open={event !== undefined} title={event?.summary ?? t('audit.change.title')} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      {event && (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'when', label: t('audit.change.when'), children: formatDateTime(event.createdAt) },
              { key: 'who', label: t('audit.change.who'), children: <AuditActor event={event} /> },
              { key: 'where', label: t('audit.change.where'), children: event.ipAddress ?? t('common.notAvailable') },
              { key: 'device', label: t('audit.change.device'), children: event.device ?? t('audit.noDevice') },
              { key: 'record', label: t('audit.change.record'), children: `${entityLabel(event.entity)} ${event.recordName ?? event.entityId ?? ''}`.trim() },
            ]}
          />
          {event.changes.length > 0 ? (
            <Table<AuditChange> aria-label={t('audit.change.tableLabel')} rowKey="field" size="small" columns={columns} dataSource={event.changes} pagination={false} scroll={{ x: 'max-content' }} />
          ) : (
            <Typography.Text type="secondary">{t('audit.change.nothing')}</Typography.Text>
          )}
        </Flex>
      )}
    </Modal>
  );
}
