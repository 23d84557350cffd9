import { StopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonConfirmModal } from '@/components/reason-confirm-modal';
import { useToast } from '@/components/use-toast';
import type { InvoiceDetail } from '@/features/invoices/api/get-invoice';
import { useVoidInvoiceMutation } from '@/features/invoices/api/void-invoice';

/**
 * 'Void': asks for the reason, then cancels the invoice by a credit note. The server refuses an invoice with payments
 * recorded against it (409), and says so.
 */
export function VoidInvoiceButton({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const voiding = useVoidInvoiceMutation();
  const confirm = async (reason: string | undefined) => {
    const answer = await voiding.mutateAsync({ id: invoice._id, reason: reason ?? '' });
    toast.success(answer.message);
  };
  return (
    <>
      <Button danger icon={<StopOutlined />} onClick={() => setAsking(true)}>
        {t('invoices.void.button')}
      </Button>
      <ReasonConfirmModal
        open={asking}
        title={t('invoices.void.title', { invoice: invoice.invoiceNo })}
        message={t('invoices.void.message')}
        confirmText={t('invoices.void.confirm')}
        reason="required"
        onConfirm={confirm}
        onClose={() => setAsking(false)}
        errorText={t('invoices.errors.voidFailed')}
      />
    </>
  );
}
