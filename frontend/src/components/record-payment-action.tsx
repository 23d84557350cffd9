import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordPaymentModal } from '@/components/record-payment-modal';
import { isPayable, type PayableInvoice } from '@/components/record-payment-values';
import { VerdictButton } from '@/components/verdict-button';

interface RecordPaymentActionProps {
  invoice: PayableInvoice;
  /** The drawer's main action; a table row's is small. */
  size?: 'small' | 'middle';
}

/**
 * 'Record payment' for an invoice the server takes payments on (a sale, a deposit or a penalty with something open),
 * opening Record payment for it. While what is open is all waiting for verification, the button stays, disabled,
 * with the server's reason as its tooltip; otherwise (paid, cancelled, a credit note or a settlement) there is none.
 */
export function RecordPaymentAction({ invoice, size = 'middle' }: RecordPaymentActionProps) {
  const { t } = useTranslation();
  const [recording, setRecording] = useState(false);
  const label = size === 'small' ? t('payments.record.buttonFor', { invoice: invoice.invoiceNo }) : undefined;
  if (!isPayable(invoice) && invoice.pendingAmount <= 0) return null;
  return (
    <>
      <VerdictButton
        verdict={invoice.canRecordPayment}
        size={size}
        type={size === 'small' ? 'default' : 'primary'}
        icon={<PlusOutlined />}
        aria-label={label}
        onClick={() => setRecording(true)}
      >
        {t('payments.record.button')}
      </VerdictButton>
      {/* Stays mounted while open: the payment just recorded makes the refetched invoice unpayable before the
          mutation's own callbacks run, and unmounting then would drop its toast and leave `recording` on. */}
      {(isPayable(invoice) || recording) && <RecordPaymentModal open={recording} invoice={invoice} onClose={() => setRecording(false)} />}
    </>
  );
}
