import { EyeOutlined, RedoOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { CellText, DataTable } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import type { Message, MessageList } from '@/features/alerts/api/get-messages';
import type { MessageFilter } from '@/features/alerts/lib/message-filters';
import { eventLabel, messageStatusLabel, messageStatusVariant } from '@/features/alerts/lib/message-status';
import { formatDateTime } from '@/lib/dates';
import type { ListControls } from '@/lib/use-list-params';

interface MessagesTableProps {
  data: MessageList | undefined;
  loading: boolean;
  list: ListControls<MessageFilter>;
  busy: boolean;
  onOpen: (message: Message) => void;
  onRetry: (ids: string[], done: () => void) => void;
  onCancel: (ids: string[], done: () => void) => void;
}

export const recipientOf = (message: Pick<Message, 'recipient' | 'recipientName'>) =>
  message.recipientName ? `${message.recipientName} · ${message.recipient}` : message.recipient;

/** A channel's messages, newest first: recipient, event, text, status; View opens the drawer; Retry and Cancel for the ticked rows (Alerts updateStatus). */
export function MessagesTable({ data, loading, list, busy, onOpen, onRetry, onCancel }: MessagesTableProps) {
  const { t } = useTranslation();
  const canUpdate = useCan('Alerts', 'updateStatus');
  const columns: TableColumnsType<Message> = [
    // The recipient pinned at the start, the status (the list's key figure) next: in view at 1024 px.
    { title: t('alerts.messages.columns.recipient'), key: 'recipient', fixed: 'start', render: (_, message) => <CellText text={recipientOf(message)} max={200} /> },
    {
      title: t('alerts.messages.columns.status'),
      key: 'status',
      // One line: the status, and the last error cut with the whole on hover.
      render: (_, message) => {
        const status = messageStatusLabel(message.status);
        const error = message.lastError && message.status !== 'delivered' && message.status !== 'read' ? message.lastError : '';
        return (
          <CellText text={error ? `${status} · ${error}` : status} max={200}>
            <StatusBadge variant={messageStatusVariant(message.status)}>{status}</StatusBadge>
            {error && <Typography.Text type="secondary"> {error}</Typography.Text>}
          </CellText>
        );
      },
    },
    { title: t('alerts.messages.columns.written'), key: 'written', render: (_, message) => formatDateTime(message.createdAt) },
    { title: t('alerts.messages.columns.event'), key: 'event', render: (_, message) => eventLabel(message.event, message.origin) },
    { title: t('alerts.messages.columns.language'), key: 'language', render: (_, message) => t(`alerts.language.${message.language}`) },
    {
      title: t('alerts.messages.columns.text'),
      key: 'text',
      render: (_, message) => (
        <span dir="auto">
          <CellText text={message.subject ? `${message.subject} · ${message.snippet}` : message.snippet} />
        </span>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, message) => (
        <Button size="small" icon={<EyeOutlined />} aria-label={t('alerts.messages.viewOne', { recipient: recipientOf(message) })} onClick={() => onOpen(message)}>
          {t('alerts.messages.view')}
        </Button>
      ),
    },
  ];
  return (
    <DataTable<Message> listKey="messages" cardColumns={['recipient', 'status', 'written']}
      aria-label={t('alerts.messages.tableLabel')}
      columns={columns}
      rows={data?.data}
      total={data?.totalMatching ?? 0}
      loading={loading}
      list={list}
      rowName={(message) => `${recipientOf(message)}, ${eventLabel(message.event, message.origin)}, ${formatDateTime(message.createdAt)}`}
      bulkActions={
        canUpdate
          ? (ids, clear) => (
              <>
                <Button icon={<RedoOutlined />} disabled={busy} onClick={() => onRetry(ids, clear)}>
                  {t('alerts.messages.retrySelected')}
                </Button>
                <Button danger icon={<StopOutlined />} disabled={busy} onClick={() => onCancel(ids, clear)}>
                  {t('alerts.messages.cancelSelected')}
                </Button>
              </>
            )
          : undefined
      }
    />
  );
}
