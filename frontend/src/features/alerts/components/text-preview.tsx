import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCampaignOptions } from '@/features/alerts/api/get-campaign-options';
import type { AlertEvent, Channel } from '@/features/alerts/api/get-messages';
import { useTemplatePreview } from '@/features/alerts/api/preview-template';
import { SegmentCount } from '@/features/alerts/components/segment-count';
import { carriesOptOut, withOptOut } from '@/features/alerts/lib/channels';
import { useDebouncedValue } from '@/features/alerts/lib/use-debounced-value';
import { errorMessage } from '@/lib/error-message';

interface TextPreviewProps {
  channel: Channel;
  /** The event whose variables the text may use; none: a promotion's (member and business). */
  event: AlertEvent | null;
  language: 'en' | 'ar';
  subject?: string | null;
  body: string | undefined;
  /** A promotional SMS ends with the opt-out text of Settings → Business: shown, and counted in the segments. */
  promotion?: boolean;
}

/**
 * The text as a member would read it, rendered by the server with sample values a moment after the last keystroke;
 * an SMS shows its characters and segments; a text the server refuses (an unknown variable) shows why. A
 * promotional SMS is previewed and counted with the opt-out text the server appends (read from the campaign
 * options: nothing is counted without it).
 */
export function TextPreview({ channel, event, language, subject, body, promotion = false }: TextPreviewProps) {
  const { t } = useTranslation();
  const appended = promotion && carriesOptOut(channel);
  const options = useCampaignOptions(appended);
  const sms = options.data?.channels.sms;
  const optOut = appended ? (language === 'ar' ? sms?.optOutAr : sms?.optOutEn) : undefined;
  const written = body && body.trim() !== '' ? body : '';
  const text = !written ? '' : appended ? (optOut === undefined ? undefined : withOptOut(written, optOut)) : written;
  const wanted = useDebouncedValue(text ? { channel, event, language, subject: channel === 'email' ? (subject ?? null) : null, body: text } : undefined);
  const query = useTemplatePreview(wanted);
  const label = t(language === 'ar' ? 'alerts.preview.arabic' : 'alerts.preview.english');
  return (
    <Card size="small" title={label} role="region" aria-label={label}>
      {text === '' ? (
        <Typography.Text type="secondary">{t('alerts.preview.empty')}</Typography.Text>
      ) : options.error ? (
        <Alert type="error" showIcon title={errorMessage(options.error, t('alerts.errors.optionsFailed'))} />
      ) : query.error ? (
        <Alert type="error" showIcon title={errorMessage(query.error, t('alerts.errors.previewFailed'))} />
      ) : (
        query.data && (
          <Flex vertical gap={8} dir={language === 'ar' ? 'rtl' : 'ltr'} lang={language}>
            {query.data.subject && <Typography.Text strong>{query.data.subject}</Typography.Text>}
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{query.data.body}</Typography.Paragraph>
            {query.data.sms && (
              <div dir="ltr">
                <SegmentCount sms={query.data.sms} />
              </div>
            )}
          </Flex>
        )
      )}
    </Card>
  );
}
