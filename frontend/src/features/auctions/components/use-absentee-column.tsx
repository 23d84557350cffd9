import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotView } from '@/api/lot-types';
import { useEventLots } from '@/api/lots';
import { useCan } from '@/api/use-can';
import { AbsenteeBidModal } from '@/components/absentee-bid-modal';
import { useErrorToast } from '@/components/use-error-toast';
import type { EventRun } from '@/features/auctions/api/get-event';
import { LotAbsenteeDrawer } from '@/features/auctions/components/lot-absentee-drawer';
import { lotName, takesAbsenteeBids } from '@/lib/lot-labels';
import '@/lib/i18n/strings/lots';

type Column = TableColumnsType<EventRun>[number];

/**
 * The event vehicles table's 'Absentee bids' column: per vehicle its lot (GET /api/auction-events/{eventId}/lots),
 * 'Absentee bid' (Auctions edit, while the lot is waiting or open) opening the dialog, and the count of standing
 * maxima opening the lot's drawer. Returns the column and the dialog and drawer to render beside the table.
 */
export function useAbsenteeColumn(eventId: string): { column: Column; dialogs: ReactNode } {
  const { t } = useTranslation();
  const canEdit = useCan('Auctions', 'edit');
  const lots = useEventLots(eventId);
  useErrorToast(lots.error, t('lots.errors.lotsFailed'));
  // The lot stays while the dialog closes, so the dialog never shows the lot picker meanwhile.
  const [entering, setEntering] = useState<{ lot?: LotView; open: boolean }>({ open: false });
  const [viewing, setViewing] = useState<LotView>();
  const lotOf = (run: EventRun) => lots.data?.data.find((lot) => lot.vehicleId === run.vehicleId);

  const column: Column = {
    key: 'absentee',
    title: t('lots.column'),
    render: (_, run) => {
      const lot = lotOf(run);
      if (!lot) return null;
      const name = lotName(lot);
      return (
        // One line (issue 29): 'Absentee bid' is an icon with its name as the tooltip, beside the count of maxima.
        <Flex gap={4} align="center" wrap={false}>
          {canEdit && takesAbsenteeBids(lot) && (
            <Tooltip title={t('lots.absentee.button')}>
              <Button size="small" icon={<PlusOutlined />} onClick={() => setEntering({ lot, open: true })} aria-label={t('lots.absentee.buttonFor', { lot: name })} />
            </Tooltip>
          )}
          <Button size="small" type="link" onClick={() => setViewing(lot)} aria-label={t('lots.maxima.buttonFor', { lot: name, count: lot.maximaCount })}>
            {t('lots.maxima.button', { count: lot.maximaCount })}
          </Button>
        </Flex>
      );
    },
  };

  const dialogs = (
    <>
      {entering.lot && <AbsenteeBidModal open={entering.open} onClose={() => setEntering({ lot: entering.lot, open: false })} lot={entering.lot} />}
      <LotAbsenteeDrawer lot={viewing} canEdit={canEdit} onClose={() => setViewing(undefined)} />
    </>
  );
  return { column, dialogs };
}
