import { DatePicker, Flex } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/components/filter-select';
import { SearchBox } from '@/components/search-box';
import { joinRange, splitRange, type AuctionFilter } from '@/features/auctions/lib/auction-filters';
import { typeOptions } from '@/features/auctions/lib/auction-options';
import { useLocationFilterOptions } from '@/features/auctions/components/use-location-filter-options';
import type { ListControls } from '@/lib/use-list-params';

const DAY = 'YYYY-MM-DD';

/** Search by title; type, location and event dates as filters kept in the URL. */
export function AuctionsToolbar({ list }: { list: ListControls<AuctionFilter> }) {
  const { t } = useTranslation();
  const locations = useLocationFilterOptions();
  const { from, to } = splitRange(list.filters.dates);
  return (
    <Flex gap={12} wrap>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('auctions.searchPlaceholder')} aria-label={t('auctions.search')} />
      <FilterSelect
        aria-label={t('auctions.filters.type')}
        placeholder={t('auctions.filters.allTypes')}
        value={list.filters.type}
        options={typeOptions()}
        onChange={(value) => list.setFilter('type', value)}
      />
      {locations.allowed && (
        <FilterSelect
          aria-label={t('auctions.filters.location')}
          placeholder={t('auctions.filters.allLocations')}
          value={list.filters.location}
          options={locations.options}
          loading={locations.loading}
          onChange={(value) => list.setFilter('location', value)}
        />
      )}
      <DatePicker.RangePicker
        aria-label={t('auctions.filters.dates')}
        placeholder={[t('auctions.filters.datesFrom'), t('auctions.filters.datesTo')]}
        format="DD/MM/YYYY"
        allowEmpty={[true, true]}
        value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
        onChange={(range) => list.setFilter('dates', joinRange(range?.[0]?.format(DAY), range?.[1]?.format(DAY)))}
      />
    </Flex>
  );
}
