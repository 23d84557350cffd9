import { Button, Modal, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAed } from '@/lib/money';

interface LaneReserveModalProps {
  open: boolean;
  lot: string;
  buyer: string;
  price: string | null;
  reserve: number | null;
  onAccept: () => void;
  onNoSale: () => void;
  onCancel: () => void;
}

/**
 * A bid below the reserve is not refused: the clerk asks the seller, then records the sale (the seller accepted) or
 * no sale. The focus starts on 'Back', so a double Enter never records a sale the seller did not accept.
 */
export function LaneReserveModal({ open, lot, buyer, price, reserve, onAccept, onNoSale, onCancel }: LaneReserveModalProps) {
  const { t } = useTranslation();
  const safe = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={t('auctionEvents.console.reserveTitle')}
      onCancel={onCancel}
      centered
      destroyOnHidden
      // The dialog takes the focus as it opens; then it goes to the button that records nothing.
      afterOpenChange={(opened) => opened && safe.current?.focus()}
      footer={[
        <Button key="back" ref={safe} autoFocus onClick={onCancel}>
          {t('auctionEvents.console.back')}
        </Button>,
        <Button key="noSale" danger onClick={onNoSale}>
          {t('auctionEvents.console.noSale')}
        </Button>,
        <Button key="accept" type="primary" onClick={onAccept}>
          {t('auctionEvents.console.sellerAccepts')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('auctionEvents.console.reserveMessage', { lot, buyer, price: formatAed(price), reserve: formatAed(reserve) })}</Typography.Paragraph>
    </Modal>
  );
}
