import { useTranslation } from 'react-i18next';
import { ReasonConfirmModal } from '@/components/reason-confirm-modal';
import type { OutboundPayment } from '@/features/outbound/api/get-outbound-payments';

interface CancelOutboundModalProps {
  /** The payouts and refunds to cancel; none: the dialog is closed. */
  payments: Pick<OutboundPayment, '_id' | 'transactionId'>[];
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** 'Cancel OUT-2031-000001?' or 'Cancel 3 payments?', with the reason the business keeps (3 to 500 characters). */
export function CancelOutboundModal({ payments, onConfirm, onClose }: CancelOutboundModalProps) {
  const { t } = useTranslation();
  const [first] = payments;
  const title = payments.length === 1 && first ? t('outbound.cancel.titleOne', { payment: first.transactionId }) : t('outbound.cancel.titleMany', { count: payments.length });
  return (
    <ReasonConfirmModal
      open={payments.length > 0}
      title={title}
      message={t('outbound.cancel.message', { count: payments.length })}
      confirmText={t('outbound.cancel.confirm')}
      cancelText={t('outbound.cancel.keep')}
      reason="required"
      onConfirm={(reason) => onConfirm(reason ?? '')}
      onClose={onClose}
      errorText={t('outbound.errors.cancelFailed')}
    />
  );
}
