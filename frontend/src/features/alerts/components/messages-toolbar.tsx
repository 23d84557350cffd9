import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '@/components/date-range-filter';
import { FilterSelect } from '@/components/filter-select';
import { SearchBox } from '@/components/search-box';
import type { MessageFilter } from '@/features/alerts/lib/message-filters';
import { EVENTS, MESSAGE_STATUSES, eventLabel, messageStatusLabel } from '@/features/alerts/lib/message-status';
import type { ListControls } from '@/lib/use-list-params';

/** Search (recipient as typed, a phone in any form, name, subject or text) and the filters kept in the URL: status, event, days written. */
export function MessagesToolbar({ list }: { list: ListControls<MessageFilter> }) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} wrap>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('alerts.messages.searchPlaceholder')} aria-label={t('alerts.messages.search')} />
      <FilterSelect
        aria-label={t('alerts.messages.filters.status')}
        placeholder={t('alerts.messages.filters.allStatuses')}
        value={list.filters.status}
        options={MESSAGE_STATUSES.map((value) => ({ value, label: messageStatusLabel(value) }))}
        onChange={(value) => list.setFilter('status', value)}
      />
      <FilterSelect
        aria-label={t('alerts.messages.filters.event')}
        placeholder={t('alerts.messages.filters.allEvents')}
        value={list.filters.event}
        options={EVENTS.map((value) => ({ value, label: eventLabel(value, 'event') }))}
        onChange={(value) => list.setFilter('event', value)}
      />
      <DateRangeFilter
        aria-label={t('alerts.messages.filters.dates')}
        placeholder={[t('alerts.messages.filters.datesFrom'), t('alerts.messages.filters.datesTo')]}
        value={list.filters.dates}
        onChange={(value) => list.setFilter('dates', value)}
      />
    </Flex>
  );
}
