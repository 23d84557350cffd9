import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SmsCount } from '@/features/alerts/api/preview-template';

/** '142 characters · 1 segment (GSM-7, 18 left)': what an SMS costs, as the server counts it. */
export function SegmentCount({ sms }: { sms: SmsCount }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" role="status">
      {t('alerts.sms.count', { characters: sms.characters, count: sms.segments, encoding: sms.encoding, remaining: sms.remaining })}
    </Typography.Text>
  );
}
