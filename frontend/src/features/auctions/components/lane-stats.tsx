import { UndoOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EventRun } from '@/features/auctions/api/get-event';
import { sumAed } from '@/features/auctions/components/event-result';
import { formatAed } from '@/lib/money';

interface LaneStatsProps {
  runs: EventRun[];
  /** The result 'Undo last result' takes back, if any. */
  last: EventRun | undefined;
  onUndo: (run: EventRun) => void;
  canRecord: boolean;
}

/** How many vehicles still wait, how many sold and for how much in AED, and the undo of the last result. */
export function LaneStats({ runs, last, onUndo, canRecord }: LaneStatsProps) {
  const { t } = useTranslation();
  const sold = runs.filter((run) => run.outcome === 'sold');
  const remaining = runs.filter((run) => run.outcome === null).length;
  return (
    <Card size="small">
      <Flex gap={32} align="center" wrap>
        <Statistic title={t('auctionEvents.console.remaining')} value={t('auctionEvents.console.remainingOf', { remaining, count: runs.length })} />
        <Statistic title={t('auctionEvents.console.soldCount')} value={sold.length} />
        <Statistic title={t('auctionEvents.console.soldTotal')} value={formatAed(sumAed(sold.map((run) => run.soldFor)))} />
        {canRecord && (
          <Button icon={<UndoOutlined />} disabled={!last} onClick={() => last && onUndo(last)} style={{ marginInlineStart: 'auto' }}>
            {last ? t('auctionEvents.console.undoLot', { lot: t('auctionEvents.lot', { number: last.vehicle.vehicleLotNumber }) }) : t('auctionEvents.console.undo')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
