import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowError } from '@/components/use-show-error';
import { exportAuditEvents } from '@/features/audit/api/export-audit-events';
import type { AuditFilters } from '@/api/audit-events';
import { saveBlob } from '@/lib/download';

/** 'Export CSV': every event the filters match (every page), under the server's file name. */
export function ExportAuditButton({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [running, setRunning] = useState(false);
  const run = () => {
    setRunning(true);
    exportAuditEvents(filters)
      .then((file) => saveBlob(file.blob, file.name), (error: unknown) => showError(error, t('audit.errors.exportFailed')))
      .finally(() => setRunning(false));
  };
  return (
    <Button icon={<DownloadOutlined />} loading={running} onClick={run}>
      {t('audit.export')}
    </Button>
  );
}
