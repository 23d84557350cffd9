import { useTranslation } from 'react-i18next';
import { ReasonConfirmModal } from '@/components/reason-confirm-modal';
import type { Payment } from '@/features/payments/api/get-payments';

interface RejectPaymentsModalProps {
  /** The payments to reject; none: the dialog is closed. */
  payments: Pick<Payment, '_id' | 'transactionId'>[];
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** 'Reject PAY-2031-000001?' or 'Reject 3 payments?', with the reason the business keeps. */
export function RejectPaymentsModal({ payments, onConfirm, onClose }: RejectPaymentsModalProps) {
  const { t } = useTranslation();
  const [first] = payments;
  const title = payments.length === 1 && first ? t('payments.reject.titleOne', { payment: first.transactionId }) : t('payments.reject.titleMany', { count: payments.length });
  return (
    <ReasonConfirmModal
      open={payments.length > 0}
      title={title}
      message={t('payments.reject.message', { count: payments.length })}
      confirmText={t('payments.reject.confirm')}
      reason="required"
      onConfirm={(reason) => onConfirm(reason ?? '')}
      onClose={onClose}
      errorText={t('payments.errors.rejectFailed')}
    />
  );
}
