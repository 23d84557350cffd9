import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, joinDayRange } from '@/components/date-range-filter';
import { useShowError } from '@/components/use-show-error';
import { useExportReportMutation, type ExportFormat, type ReportName } from '@/features/reports/api/export-report';
import type { Period } from '@/features/reports/lib/report-period';

interface ReportToolbarProps {
  report: ReportName;
  period: Period;
  onPeriod: (dates: string | undefined) => void;
}

/** The period (Dubai days, in the URL) and the downloads of the whole report for it, as CSV or XLSX. */
export function ReportToolbar({ report, period, onPeriod }: ReportToolbarProps) {
  const { t } = useTranslation();
  const showError = useShowError();
  const exporting = useExportReportMutation();
  const download = (format: ExportFormat) =>
    exporting.mutate({ report, body: { ...period, format } }, { onError: (error) => showError(error, t('reports.download.failed')) });
  const busy = exporting.isPending;

  return (
    <Flex gap={8} wrap align="center" justify="space-between">
      <DateRangeFilter
        aria-label={t('reports.period')}
        placeholder={[t('reports.periodFrom'), t('reports.periodTo')]}
        value={joinDayRange(period.dateFrom, period.dateTo)}
        onChange={onPeriod}
      />
      <Flex gap={8}>
        <Button icon={<DownloadOutlined />} disabled={busy} onClick={() => download('csv')}>
          {t('reports.download.csv')}
        </Button>
        <Button icon={<DownloadOutlined />} disabled={busy} onClick={() => download('xlsx')}>
          {t('reports.download.xlsx')}
        </Button>
      </Flex>
    </Flex>
  );
}
