import { Alert, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSchedulePreview, type Schedule } from '@/features/auctions/api/preview-schedule';
import { eventSpan } from '@/features/auctions/lib/auction-dates';
import { errorMessage } from '@/lib/error-message';

/**
 * The events the auction will create, asked of the server (POST /api/auctions/preview) as the schedule is filled
 * in, so what is shown is what creating makes. A schedule the server refuses (more than 52 events) shows why.
 */
export function SchedulePreview({ schedule }: { schedule: Schedule | undefined }) {
  const { t } = useTranslation();
  const preview = useSchedulePreview(schedule);
  const heading = t('auctions.preview.title');

  let body;
  if (schedule === undefined) {
    body = <Typography.Text type="secondary">{t('auctions.preview.incomplete')}</Typography.Text>;
  } else if (preview.isError) {
    body = <Alert type="error" showIcon title={errorMessage(preview.error, t('auctions.errors.previewFailed'))} />;
  } else if (preview.data === undefined) {
    body = <Spin size="small" />;
  } else {
    body = (
      <>
        <Typography.Text>{t('auctions.preview.count', { count: preview.data.length })}</Typography.Text>
        <ol aria-label={t('auctions.preview.listLabel')} style={{ margin: 0, paddingInlineStart: 24, maxHeight: 180, overflowY: 'auto' }}>
          {preview.data.map((event) => (
            <li key={event.startDate}>{eventSpan(event.startDate, event.endDate)}</li>
          ))}
        </ol>
      </>
    );
  }

  return (
    <section aria-label={heading} aria-busy={preview.isFetching} style={{ border: '1px solid var(--gavel-border)', borderRadius: 8, padding: 12 }}>
      <Flex vertical gap={8}>
        <Typography.Text strong>{heading}</Typography.Text>
        {body}
      </Flex>
    </section>
  );
}
