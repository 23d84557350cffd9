import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowError } from '@/components/use-show-error';
import { exportVehicles } from '@/features/vehicles/api/export-vehicles';
import type { VehicleQuery } from '@/features/vehicles/api/get-vehicles';
import { saveBlob } from '@/lib/download';

/** 'Export CSV': the current filtered list (every page) as the server writes it, under the server's filename. */
export function ExportVehiclesButton({ query }: { query: VehicleQuery }) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [running, setRunning] = useState(false);
  const run = () => {
    setRunning(true);
    exportVehicles(query)
      .then((file) => saveBlob(file.blob, file.name), (error: unknown) => showError(error, t('vehicles.errors.exportFailed')))
      .finally(() => setRunning(false));
  };
  return (
    <Button icon={<DownloadOutlined />} loading={running} onClick={run}>
      {t('vehicles.export')}
    </Button>
  );
}
