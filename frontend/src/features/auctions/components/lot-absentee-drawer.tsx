import { Alert, Button, Descriptions, Drawer, Flex, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotView } from '@/api/lot-types';
import { useLot } from '@/api/lots';
import { AbsenteeBidModal } from '@/components/absentee-bid-modal';
import { LotMaximaTable } from '@/components/lot-maxima-table';
import { useSide } from '@/components/use-side';
import { lanePlace, lotName, lotStateLabel, sourceLabel, takesAbsenteeBids } from '@/lib/lot-labels';
import { formatAed } from '@/lib/money';
import '@/lib/i18n/strings/lots';

interface LotAbsenteeDrawerProps {
  lot: LotView | undefined;
  canEdit: boolean;
  onClose: () => void;
}

/** A lot's standing maxima (GET /api/lots/{lotId}) beside its asking price and leader; add one or withdraw one with a reason. */
export function LotAbsenteeDrawer({ lot, canEdit, onClose }: LotAbsenteeDrawerProps) {
  const { t } = useTranslation();
  const detail = useLot(lot?.id);
  const [adding, setAdding] = useState(false);
  const shown = detail.data ?? lot;
  const { side } = useSide();

  return (
    <Drawer placement={side('end')} open={lot !== undefined} onClose={onClose} size={640} title={lot ? t('lots.drawer.title', { lot: lotName(lot) }) : undefined} destroyOnHidden>
      {shown && (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'place', label: t('lots.drawer.place'), children: lanePlace(shown) },
              { key: 'state', label: t('lots.drawer.state'), children: lotStateLabel(shown) },
              { key: 'asking', label: t('lots.drawer.asking'), children: formatAed(shown.asking) },
              {
                key: 'leader',
                label: t('lots.drawer.leader'),
                children: shown.leader ? t('lots.drawer.leaderWith', { name: shown.leader.name, source: sourceLabel(shown.leaderSource), price: formatAed(shown.price) }) : t('lots.drawer.noLeader'),
              },
            ]}
          />
          {canEdit && takesAbsenteeBids(shown) && (
            <Flex justify="end">
              <Button type="primary" onClick={() => setAdding(true)}>
                {t('lots.absentee.add')}
              </Button>
            </Flex>
          )}
          {detail.isError ? (
            <Alert type="error" showIcon title={t('lots.errors.lotFailed')} action={<Button onClick={() => void detail.refetch()}>{t('lots.retry')}</Button>} />
          ) : detail.data ? (
            <LotMaximaTable lot={detail.data} canEdit={canEdit} />
          ) : (
            <Spin description={t('lots.loading')} />
          )}
          <AbsenteeBidModal open={adding} onClose={() => setAdding(false)} lot={shown} />
        </Flex>
      )}
    </Drawer>
  );
}
