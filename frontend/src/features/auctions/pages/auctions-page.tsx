import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useAuctions } from '@/features/auctions/api/get-auctions';
import { AddAuctionModal } from '@/features/auctions/components/add-auction-modal';
import { AuctionsSummary } from '@/features/auctions/components/auctions-summary';
import { AuctionsTable } from '@/features/auctions/components/auctions-table';
import { AuctionsToolbar } from '@/features/auctions/components/auctions-toolbar';
import { AUCTION_FILTERS, listQuery } from '@/features/auctions/lib/auction-filters';
import type { AuctionListName } from '@/features/auctions/lib/auction-lists';
import { useListParams } from '@/lib/use-list-params';
import '@/lib/i18n/strings/auctions';
import '@/lib/i18n/strings/audit';

/** /draft-auctions, /published-auctions, /unpublished-auctions, /completed-auctions: one status each. */
export function AuctionsPage({ list }: { list: AuctionListName }) {
  const { t } = useTranslation();
  const controls = useListParams(AUCTION_FILTERS);
  const canAdd = useCan('Auctions', 'add');
  const [adding, setAdding] = useState(false);
  const query = useAuctions(listQuery(list, controls));
  useErrorToast(query.error, t('auctions.errors.fetchFailed'));

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t(`auctions.title.${list}`)}
        actions={
          canAdd && list === 'draft' ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('auctions.add')}
            </Button>
          ) : undefined
        }
      />
      <AuctionsSummary counts={query.data} list={list} controls={controls} loading={query.isPending} />
      <AuctionsToolbar list={controls} />
      <AuctionsTable list={list} data={query.data} loading={query.isFetching} controls={controls} />
      {list === 'draft' && canAdd && <AddAuctionModal open={adding} onClose={() => setAdding(false)} />}
    </Flex>
  );
}
