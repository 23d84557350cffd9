import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '@/components/use-error-toast';
import { useMessages, type Channel } from '@/features/alerts/api/get-messages';
import { MessageDrawer } from '@/features/alerts/components/message-drawer';
import { MessagesSummary } from '@/features/alerts/components/messages-summary';
import { MessagesTable } from '@/features/alerts/components/messages-table';
import { MessagesToolbar } from '@/features/alerts/components/messages-toolbar';
import { useMessageActions } from '@/features/alerts/components/use-message-actions';
import { MESSAGE_FILTERS, messageListQuery } from '@/features/alerts/lib/message-filters';
import { useMessageParam } from '@/features/alerts/lib/use-message-param';
import { useListParams } from '@/lib/use-list-params';

/** 'Messages': counts per status as cards, search and filters in the URL, server paging, the drawer of one message; retry and cancel. */
export function MessagesTab({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const list = useListParams(MESSAGE_FILTERS);
  const drawer = useMessageParam();
  const actions = useMessageActions();
  const query = useMessages(messageListQuery(channel, list));
  useErrorToast(query.error, t('alerts.errors.fetchFailed'));
  return (
    <Flex vertical gap={16}>
      <MessagesSummary counts={query.data?.counts} status={list.filters.status} onStatus={(value) => list.setFilter('status', value)} loading={query.isPending} />
      <MessagesToolbar list={list} />
      <MessagesTable
        data={query.data}
        loading={query.isFetching}
        list={list}
        busy={actions.pending}
        onOpen={(message) => drawer.open(message._id)}
        onRetry={actions.retry}
        onCancel={actions.cancel}
      />
      <MessageDrawer id={drawer.id} onClose={drawer.close} busy={actions.pending} onRetry={(ids) => actions.retry(ids)} onCancel={(ids) => actions.cancel(ids)} />
    </Flex>
  );
}
