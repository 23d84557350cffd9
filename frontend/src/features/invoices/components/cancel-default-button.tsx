import { UserDeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonConfirmModal } from '@/components/reason-confirm-modal';
import { useToast } from '@/components/use-toast';
import { useCancelForDefaultMutation } from '@/features/invoices/api/cancel-for-default';
import type { InvoiceDetail } from '@/features/invoices/api/get-invoice';

/** A sale's invoice that is overdue: the buyer may have defaulted (the server checks the days of Business settings). */
export function canCancelForDefault(invoice: InvoiceDetail): boolean {
  return invoice.kind === 'invoice' && invoice.vehicle !== null && invoice.status === 'overdue';
}

/**
 * 'Cancel sale (buyer defaulted)': asks why, then cancels the sale; the toast is the server's account of it (the
 * credit note, the penalty taken from the deposit). A refusal (not overdue long enough, payments recorded, the
 * vehicle collected) is toasted as the server words it.
 */
export function CancelDefaultButton({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const cancelling = useCancelForDefaultMutation();
  const confirm = async (reason: string | undefined) => {
    const answer = await cancelling.mutateAsync({ id: invoice._id, reason: reason ?? '' });
    toast.success(answer.message);
  };
  const lot = invoice.vehicle?.vehicleLotNumber;
  return (
    <>
      <Button danger icon={<UserDeleteOutlined />} onClick={() => setAsking(true)}>
        {t('invoices.cancelDefault.button')}
      </Button>
      <ReasonConfirmModal
        open={asking}
        title={t('invoices.cancelDefault.title', { lot })}
        message={t('invoices.cancelDefault.message', { invoice: invoice.invoiceNo, buyer: invoice.buyer.name })}
        confirmText={t('invoices.cancelDefault.confirm')}
        cancelText={t('invoices.cancelDefault.keep')}
        reason="required"
        onConfirm={confirm}
        onClose={() => setAsking(false)}
        errorText={t('invoices.errors.cancelDefaultFailed')}
      />
    </>
  );
}
