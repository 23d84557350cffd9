import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useAuditEvents, type AuditEvent } from '@/api/audit-events';
import { AuditChangeModal } from '@/components/audit-change-modal';
import { AuditTable } from '@/features/audit/components/audit-table';
import { AuditToolbar } from '@/features/audit/components/audit-toolbar';
import { ExportAuditButton } from '@/features/audit/components/export-audit-button';
import { AUDIT_FILTERS, auditFilters, auditListQuery } from '@/features/audit/lib/audit-filters';
import { useListParams } from '@/lib/use-list-params';
import '@/lib/i18n/strings/audit';

/**
 * /audit-log (Settings, Roles view): every audit event, newest first, with who, from where and on which device, the
 * action in words and the record; filters in the URL, server paging, CSV export of the filtered events; an event's
 * action opens its values before and after side by side.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const list = useListParams(AUDIT_FILTERS);
  const [open, setOpen] = useState<AuditEvent>();
  const query = useAuditEvents(auditListQuery(list));
  useErrorToast(query.error, t('audit.errors.fetchFailed'));
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('audit.title')} actions={<ExportAuditButton filters={auditFilters(list)} />} />
      <Typography.Text type="secondary">{t('audit.intro')}</Typography.Text>
      <AuditToolbar list={list} />
      <AuditTable data={query.data} loading={query.isFetching} list={list} onOpen={setOpen} />
      <AuditChangeModal event={open} onClose={() => setOpen(undefined)} />
    </Flex>
  );
}
