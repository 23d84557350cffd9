import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { PageHeader } from '@/components/page-header';
import { RecordPaymentModal } from '@/components/record-payment-modal';
import { useErrorToast } from '@/components/use-error-toast';
import { usePayments, type Payment } from '@/features/payments/api/get-payments';
import { PaymentsSummary } from '@/features/payments/components/payments-summary';
import { PaymentsTable } from '@/features/payments/components/payments-table';
import { PaymentsToolbar } from '@/features/payments/components/payments-toolbar';
import { RejectPaymentsModal } from '@/features/payments/components/reject-payments-modal';
import { useDecidePayments } from '@/features/payments/components/use-decide-payments';
import { PAYMENT_FILTERS, paymentListQuery } from '@/features/payments/lib/payment-filters';
import { useListParams } from '@/lib/use-list-params';
import '@/lib/i18n/strings/payments';

/**
 * /inbound-payments: counts and AED per confirmation, search, filters in the URL, server paging; Record payment;
 * Verify (one click) and Reject (with a reason) for a row or the ticked rows, one request per payment.
 */
export function InboundPaymentsPage() {
  const { t } = useTranslation();
  const list = useListParams(PAYMENT_FILTERS);
  const canAdd = useCan('Payments', 'add');
  const [recording, setRecording] = useState(false);
  const [rejecting, setRejecting] = useState<{ payments: Payment[]; done?: () => void }>({ payments: [] });
  const decide = useDecidePayments();
  const query = usePayments(paymentListQuery(list));
  useErrorToast(query.error, t('payments.errors.fetchFailed'));
  const buyer = list.filters.buyer;
  const buyerName = buyer ? query.data?.data.find((payment) => payment.buyer._id === buyer)?.buyer.name : undefined;

  const verify = (payments: Payment[], done?: () => void) => {
    void decide.run(payments, { action: 'verify' }).then(() => done?.(), () => undefined);
  };
  const reject = async (reason: string) => {
    await decide.run(rejecting.payments, { action: 'reject', reason }, { throwSingle: true });
    rejecting.done?.();
  };

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('payments.title')}
        actions={
          canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setRecording(true)}>
              {t('payments.record.button')}
            </Button>
          )
        }
      />
      <PaymentsSummary
        totals={query.data?.totals}
        confirmation={list.filters.confirmation}
        onConfirmation={(value) => list.setFilter('confirmation', value)}
        loading={query.isPending}
      />
      <PaymentsToolbar list={list} buyerName={buyerName} />
      <PaymentsTable
        data={query.data}
        loading={query.isFetching}
        list={list}
        deciding={decide.pending}
        onVerify={verify}
        onReject={(payments, done) => setRejecting({ payments, done })}
      />
      <RejectPaymentsModal payments={rejecting.payments} onConfirm={reject} onClose={() => setRejecting({ payments: [] })} />
      {canAdd && <RecordPaymentModal open={recording} onClose={() => setRecording(false)} />}
    </Flex>
  );
}
