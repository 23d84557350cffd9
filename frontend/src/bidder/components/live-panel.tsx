import { Alert, Flex, Typography } from 'antd';
import type { BidderLot } from '@/bidder/api/types';
import { BidButton } from '@/bidder/components/bid-button';
import { StatusTag } from '@/bidder/components/status-tag';
import { TimeLeft } from '@/bidder/components/time-left';
import { useLocale } from '@/bidder/i18n/locale';
import { Panel } from '@/bidder/components/panel';

/** The lot as it stands: asking price, current bid, who leads ('you' or 'another bidder'), my status, time left, bid. */
export function LivePanel({ lot }: { lot: BidderLot }) {
  const { t, money } = useLocale();
  const ended = lot.state === 'closed' || lot.state === 'withdrawn';
  return (
    <Panel className="bidder-live">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong>{lot.state === 'closed' && lot.result ? t(`lotList.result.${lot.result}`) : t(`lotList.state.${lot.state}`)}</Typography.Text>
        <StatusTag status={lot.myStatus} />
      </Flex>
      <Flex justify="space-between" wrap gap={12} className="bidder-live-figures">
        <div>
          <Typography.Text type="secondary">{t('live.asking')}</Typography.Text>
          <div className="bidder-figure">{money(lot.asking ?? lot.openingPrice)}</div>
        </div>
        <div>
          <Typography.Text type="secondary">{t('live.price')}</Typography.Text>
          <div className="bidder-figure">{lot.price === null ? t('lotList.noBids') : money(lot.price)}</div>
        </div>
        {ended ? null : <TimeLeft lot={lot} />}
      </Flex>
      <Typography.Paragraph className="bidder-leader">{t(`live.leader.${lot.leader ?? 'none'}`)}</Typography.Paragraph>
      {ended ? <Alert type="info" title={t('live.closed')} /> : <BidButton lot={lot} />}
      {lot.state === 'waiting' ? <Typography.Text type="secondary">{t('live.notStarted')}</Typography.Text> : null}
    </Panel>
  );
}
