import { RedoOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { StatusBadge } from '@/components/status-badge';
import { useSide } from '@/components/use-side';
import { useMessage, type MessageDetail } from '@/features/alerts/api/get-message';
import { recipientOf } from '@/features/alerts/components/messages-table';
import { SegmentCount } from '@/features/alerts/components/segment-count';
import { channelLabel } from '@/features/alerts/lib/channels';
import { canCancel, canRetry, eventLabel, messageStatusLabel, messageStatusVariant } from '@/features/alerts/lib/message-status';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-message';

interface MessageDrawerProps {
  /** The message open (from the URL's ?message=), or none. */
  id: string | undefined;
  onClose: () => void;
  busy: boolean;
  onRetry: (ids: string[]) => void;
  onCancel: (ids: string[]) => void;
}

function Details({ message }: { message: MessageDetail }) {
  const { t } = useTranslation();
  const na = t('common.notAvailable');
  return (
    <Descriptions
      size="small"
      column={2}
      items={[
        { key: 'recipient', label: t('alerts.messages.columns.recipient'), children: recipientOf(message) },
        { key: 'channel', label: t('alerts.drawer.channel'), children: channelLabel(message.channel) },
        { key: 'event', label: t('alerts.messages.columns.event'), children: eventLabel(message.event, message.origin) },
        { key: 'language', label: t('alerts.messages.columns.language'), children: t(`alerts.language.${message.language}`) },
        {
          key: 'status',
          label: t('alerts.messages.columns.status'),
          children: <StatusBadge variant={messageStatusVariant(message.status)}>{messageStatusLabel(message.status)}</StatusBadge>,
        },
        { key: 'attempts', label: t('alerts.drawer.attempts'), children: message.attempts },
        { key: 'next', label: t('alerts.drawer.nextAttempt'), children: message.nextAttemptAt ? formatDateTime(message.nextAttemptAt) : na },
        { key: 'provider', label: t('alerts.drawer.provider'), children: message.provider ?? na },
        ...(message.whatsappTemplate ? [{ key: 'whatsappTemplate', label: t('alerts.drawer.whatsappTemplate'), children: message.whatsappTemplate }] : []),
        ...(message.twilioContentSid ? [{ key: 'contentSid', label: t('alerts.drawer.contentSid'), children: message.twilioContentSid }] : []),
        // A promotional email's own unsubscribe link (its page asks the member to confirm: opening it withdraws nothing).
        ...(message.unsubscribeUrl
          ? [
              {
                key: 'unsubscribe',
                label: t('alerts.drawer.unsubscribeUrl'),
                span: 2,
                children: (
                  <Typography.Link href={message.unsubscribeUrl} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
                    {message.unsubscribeUrl}
                  </Typography.Link>
                ),
              },
            ]
          : []),
        ...(message.lastError ? [{ key: 'error', label: t('alerts.drawer.lastError'), span: 2, children: message.lastError }] : []),
      ]}
    />
  );
}

/** One message: its details, the text exactly as sent (right to left in Arabic), SMS segments, the delivery timeline; Retry or Cancel when allowed. */
export function MessageDrawer({ id, onClose, busy, onRetry, onCancel }: MessageDrawerProps) {
  const { t } = useTranslation();
  const canUpdate = useCan('Alerts', 'updateStatus');
  const query = useMessage(id);
  const { side } = useSide();
  const message = query.data?._id === id ? query.data : undefined;
  const title = message ? t('alerts.drawer.title', { recipient: message.recipientName ?? message.recipient }) : t('alerts.drawer.loading');
  const rtl = message?.language === 'ar';
  return (
    <Drawer placement={side('end')} open={id !== undefined} onClose={onClose} title={title} size={720} loading={id !== undefined && query.isPending} destroyOnHidden>
      {query.error ? (
        <Alert type="error" showIcon title={errorMessage(query.error, t('alerts.errors.fetchOneFailed'))} />
      ) : (
        message && (
          <Flex vertical gap={16}>
            {canUpdate && (canRetry(message.status) || canCancel(message.status)) && (
              <Flex gap={8}>
                {canRetry(message.status) && (
                  <Button type="primary" icon={<RedoOutlined />} disabled={busy} onClick={() => onRetry([message._id])}>
                    {t('alerts.messages.retry')}
                  </Button>
                )}
                {canCancel(message.status) && (
                  <Button danger icon={<StopOutlined />} disabled={busy} onClick={() => onCancel([message._id])}>
                    {t('alerts.messages.cancel')}
                  </Button>
                )}
              </Flex>
            )}
            <Details message={message} />
            <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
              {t('alerts.drawer.text')}
            </Typography.Title>
            <section aria-label={t('alerts.drawer.text')} dir={rtl ? 'rtl' : 'ltr'} lang={message.language}>
              {message.subject && <Typography.Text strong>{message.subject}</Typography.Text>}
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: message.subject ? 8 : 0 }}>{message.body}</Typography.Paragraph>
            </section>
            {message.sms && <SegmentCount sms={message.sms} />}
            <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
              {t('alerts.drawer.timeline')}
            </Typography.Title>
            <Timeline
              aria-label={t('alerts.drawer.timeline')}
              items={message.timeline.map((entry, index) => ({
                key: `${entry.at}-${index}`,
                color: messageStatusVariant(entry.status) === 'danger' ? 'red' : messageStatusVariant(entry.status) === 'success' ? 'green' : 'blue',
                content: (
                  <Flex vertical>
                    <Typography.Text strong>{`${messageStatusLabel(entry.status)} · ${formatDateTime(entry.at)}`}</Typography.Text>
                    {entry.detail && <Typography.Text type="secondary">{entry.detail}</Typography.Text>}
                  </Flex>
                ),
              }))}
            />
          </Flex>
        )
      )}
    </Drawer>
  );
}
