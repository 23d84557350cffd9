import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { HistoryTab } from '@/components/history-tab';
import { RecordPaymentAction } from '@/components/record-payment-action';
import { useShowError } from '@/components/use-show-error';
import { useSide } from '@/components/use-side';
import { useDownloadInvoicePdfMutation } from '@/features/invoices/api/download-invoice-pdf';
import { useInvoice, type InvoiceDetail } from '@/features/invoices/api/get-invoice';
import { CancelDefaultButton, canCancelForDefault } from '@/features/invoices/components/cancel-default-button';
import { InvoiceCreditNotes } from '@/features/invoices/components/invoice-credit-notes';
import { InvoiceDetails } from '@/features/invoices/components/invoice-details';
import { InvoiceLines } from '@/features/invoices/components/invoice-lines';
import { InvoicePayments } from '@/features/invoices/components/invoice-payments';
import { VoidInvoiceButton } from '@/features/invoices/components/void-invoice-button';
import { takesPayments } from '@/features/invoices/lib/invoice-status';
import { errorMessage } from '@/lib/error-message';

interface InvoiceDrawerProps {
  /** The invoice open (from the URL's ?invoice=), or none. */
  id: string | undefined;
  onClose: () => void;
  openSearch: (id: string) => string;
}

/**
 * Download PDF for everyone who sees the invoice; Record payment (Payments add) and Void (Payments edit) while it is
 * open; Cancel sale (buyer defaulted) for an overdue sale (Payments updateStatus).
 */
function InvoiceActions({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const showError = useShowError();
  const canAdd = useCan('Payments', 'add');
  const canVoid = useCan('Payments', 'delete'); // the void box (Payments · Delete)
  const canUpdateStatus = useCan('Payments', 'updateStatus');
  const download = useDownloadInvoicePdfMutation();
  const open = invoice.kind === 'invoice' && invoice.status !== 'cancelled';
  return (
    <Flex gap={8} wrap>
      <Button
        icon={<DownloadOutlined />}
        loading={download.isPending}
        onClick={() => download.mutate({ id: invoice._id, invoiceNo: invoice.invoiceNo }, { onError: (error) => showError(error, t('invoices.errors.pdfFailed')) })}
      >
        {t('invoices.downloadPdf')}
      </Button>
      {canAdd && <RecordPaymentAction invoice={invoice} />}
      {canVoid && open && invoice.status !== 'paid' && <VoidInvoiceButton invoice={invoice} />}
      {canUpdateStatus && canCancelForDefault(invoice) && <CancelDefaultButton invoice={invoice} />}
    </Flex>
  );
}

/** One invoice or credit note: its details, lines with VAT, payments and credit notes, and what can be done with it. */
export function InvoiceDrawer({ id, onClose, openSearch }: InvoiceDrawerProps) {
  const { t } = useTranslation();
  const query = useInvoice(id);
  const { side } = useSide();
  const invoice = query.data?._id === id ? query.data : undefined;
  const cancelled = useInvoice(invoice?.creditFor ?? undefined);
  const title = invoice ? t(invoice.kind === 'creditNote' ? 'invoices.drawer.creditNoteTitle' : 'invoices.drawer.title', { invoice: invoice.invoiceNo }) : t('invoices.drawer.loading');
  return (
    <Drawer placement={side('end')} open={id !== undefined} onClose={onClose} title={title} size={880} loading={id !== undefined && query.isPending} destroyOnHidden>
      {query.error ? (
        <Alert type="error" showIcon title={errorMessage(query.error, t('invoices.errors.fetchOneFailed'))} />
      ) : (
        invoice && (
          <Flex vertical gap={16}>
            <InvoiceActions invoice={invoice} />
            <InvoiceDetails
              invoice={invoice}
              creditFor={invoice.creditFor ? { search: openSearch(invoice.creditFor), number: cancelled.data?.invoiceNo } : undefined}
            />
            <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
              {t('invoices.drawer.lines')}
            </Typography.Title>
            <InvoiceLines invoice={invoice} />
            {takesPayments(invoice) && (
              <>
                <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                  {t('invoices.drawer.payments')}
                </Typography.Title>
                <InvoicePayments invoiceId={invoice._id} />
              </>
            )}
            {invoice.kind === 'invoice' && (
              <>
                <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                  {t('invoices.drawer.creditNotes')}
                </Typography.Title>
                <InvoiceCreditNotes invoiceId={invoice._id} vehicleId={invoice.vehicle?._id} openSearch={openSearch} />
              </>
            )}
            <Collapse items={[{ key: 'history', label: t('audit.history.title'), children: <HistoryTab entity="invoice" entityId={invoice._id} /> }]} />
          </Flex>
        )
      )}
    </Drawer>
  );
}
