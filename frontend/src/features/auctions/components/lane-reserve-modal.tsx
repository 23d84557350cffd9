import { Button, Modal, Typography } from 'antd';
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

/** A bid below the reserve is not refused: the clerk asks the seller, then records the sale (the seller accepted) or no sale. */
export function LaneReserveModal({ open, lot, buyer, price, reserve, onAccept, onNoSale, onCancel }: LaneReserveModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('auctionEvents.console.reserveTitle')}
      onCancel={onCancel}
      centered
      destroyOnHidden
      footer={[
        <Button key="back" onClick={onCancel}>
          {t('auctionEvents.console.back')}
        </Button>,
        <Button key="noSale" danger onClick={onNoSale}>
          {t('auctionEvents.console.noSale')}
        </Button>,
        <Button key="accept" type="primary" autoFocus onClick={onAccept}>
          {t('auctionEvents.console.sellerAccepts')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('auctionEvents.console.reserveMessage', { lot, buyer, price: formatAed(price), reserve: formatAed(reserve) })}</Typography.Paragraph>
    </Modal>
  );
}
