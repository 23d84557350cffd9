import { Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import type { OutboundCompletion } from '@/features/outbound/api/complete-outbound';
import { useOutboundPayments, type OutboundPayment } from '@/features/outbound/api/get-outbound-payments';
import { CancelOutboundModal } from '@/features/outbound/components/cancel-outbound-modal';
import { CompleteOutboundModal } from '@/features/outbound/components/complete-outbound-modal';
import { OutboundSummary } from '@/features/outbound/components/outbound-summary';
import { OutboundTable } from '@/features/outbound/components/outbound-table';
import { OutboundToolbar } from '@/features/outbound/components/outbound-toolbar';
import { useSettleOutbound } from '@/features/outbound/components/use-settle-outbound';
import { OUTBOUND_FILTERS, outboundListQuery } from '@/features/outbound/lib/outbound-filters';
import { useListParams } from '@/lib/use-list-params';
import '@/lib/i18n/strings/outbound';
import '@/lib/i18n/strings/payments';

interface Chosen {
  payments: OutboundPayment[];
  /** Clears the table's selection once the batch is done. */
  done?: () => void;
}

/**
 * /outbound-payments: sellers' payouts and members' refunds. Cards (pending, completed this month, cancelled), search,
 * filters in the URL, server paging; Complete (method, reference, date; the payee's bank account shown) and Cancel
 * (with a reason) for a row or the ticked rows, one request per payment; the statement and receipt PDFs.
 */
export function OutboundPaymentsPage() {
  const { t } = useTranslation();
  const list = useListParams(OUTBOUND_FILTERS);
  const [completing, setCompleting] = useState<Chosen>({ payments: [] });
  const [cancelling, setCancelling] = useState<Chosen>({ payments: [] });
  const settle = useSettleOutbound();
  const query = useOutboundPayments(outboundListQuery(list));
  useErrorToast(query.error, t('outbound.errors.fetchFailed'));
  const member = list.filters.member;
  const memberName = member ? query.data?.data.find((payment) => payment.member._id === member)?.member.name : undefined;

  const complete = async (body: OutboundCompletion) => {
    await settle.run(completing.payments, { action: 'complete', body }, { throwSingle: true });
    completing.done?.();
  };
  const cancel = async (reason: string) => {
    await settle.run(cancelling.payments, { action: 'cancel', reason }, { throwSingle: true });
    cancelling.done?.();
  };

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('outbound.title')} />
      <OutboundSummary data={query.data} list={list} loading={query.isPending} />
      <OutboundToolbar list={list} memberName={memberName} />
      <OutboundTable
        data={query.data}
        loading={query.isFetching}
        list={list}
        settling={settle.pending}
        onComplete={(payments, done) => setCompleting({ payments, done })}
        onCancel={(payments, done) => setCancelling({ payments, done })}
      />
      <CompleteOutboundModal payments={completing.payments} onComplete={complete} onClose={() => setCompleting({ payments: [] })} />
      <CancelOutboundModal payments={cancelling.payments} onConfirm={cancel} onClose={() => setCancelling({ payments: [] })} />
    </Flex>
  );
}
