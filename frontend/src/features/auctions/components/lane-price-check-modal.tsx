import { Button, Modal, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnusualHammer } from '@/features/auctions/lib/hammer-check';
import { formatAed } from '@/lib/money';

interface LanePriceCheckModalProps {
  open: boolean;
  lot: string;
  price: string | null;
  check: UnusualHammer | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The second question for a hammer price far from the vehicle's worth ('AED 9.00 is 0.01% of the opening price'):
 * most likely a typo. The focus starts on 'Change the price', so Enter pressed twice never records it.
 */
export function LanePriceCheckModal({ open, lot, price, check, onConfirm, onCancel }: LanePriceCheckModalProps) {
  const { t } = useTranslation();
  const safe = useRef<HTMLButtonElement>(null);
  const amount = formatAed(price);
  return (
    <Modal
      open={open}
      title={t('auctionEvents.console.priceCheck.title', { lot })}
      onCancel={onCancel}
      centered
      destroyOnHidden
      // The dialog takes the focus as it opens; then it goes to the button that records nothing.
      afterOpenChange={(opened) => opened && safe.current?.focus()}
      footer={[
        <Button key="back" type="primary" ref={safe} autoFocus onClick={onCancel}>
          {t('auctionEvents.console.priceCheck.change')}
        </Button>,
        <Button key="confirm" danger onClick={onConfirm}>
          {t('auctionEvents.console.priceCheck.confirm', { price: amount })}
        </Button>,
      ]}
    >
      {check && (
        <Typography.Paragraph strong>
          {t(check.of === 'opening' ? 'auctionEvents.console.priceCheck.ofOpening' : 'auctionEvents.console.priceCheck.ofReserve', { price: amount, percent: check.percent })}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph>{t('auctionEvents.console.priceCheck.message')}</Typography.Paragraph>
    </Modal>
  );
}
