import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SummaryCards, type SummaryItem } from '@/components/summary-cards';
import type { AuctionCounts, AuctionType } from '@/features/auctions/api/get-auctions';
import type { AuctionFilter } from '@/features/auctions/lib/auction-filters';
import { AUCTION_LISTS, LIST_COUNT, LIST_PATH, type AuctionListName } from '@/features/auctions/lib/auction-lists';
import type { ListControls } from '@/lib/use-list-params';

interface AuctionsSummaryProps {
  counts: AuctionCounts | undefined;
  list: AuctionListName;
  controls: ListControls<AuctionFilter>;
  loading: boolean;
}

/**
 * Every count of the auction lists, over all auctions. Live and Online filter this list (a second click clears
 * it); the status cards open their list, Unpublished included (it has no sidebar link).
 */
export function AuctionsSummary({ counts, list, controls, loading }: AuctionsSummaryProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters, setFilter } = controls;
  const typeCard = (key: 'live' | 'online', value: number | undefined, type: AuctionType): SummaryItem => ({
    key,
    label: t(`auctions.counts.${key}`),
    value,
    onClick: () => setFilter('type', filters.type === type ? undefined : type),
    active: filters.type === type,
  });
  const listCard = (target: AuctionListName): SummaryItem => ({
    key: target,
    label: t(`auctions.counts.${target}`),
    value: counts?.[LIST_COUNT[target]],
    onClick: () => navigate(LIST_PATH[target]),
    active: list === target,
  });
  return (
    <SummaryCards
      aria-label={t('common.summary')}
      loading={loading}
      items={[
        { key: 'total', label: t('auctions.counts.total'), value: counts?.totalAuctions },
        typeCard('live', counts?.totalLive, 'Live'),
        typeCard('online', counts?.totalOnline, 'Online'),
        ...AUCTION_LISTS.map(listCard),
      ]}
    />
  );
}
