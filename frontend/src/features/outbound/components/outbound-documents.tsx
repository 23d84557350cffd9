import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePdfDownload } from '@/components/use-pdf-download';
import { downloadReceiptPdf } from '@/features/outbound/api/download-receipt-pdf';
import { downloadStatementPdf } from '@/features/outbound/api/download-statement-pdf';
import type { OutboundPayment } from '@/features/outbound/api/get-outbound-payments';

/** The statement of a payout and the receipt of a completed payment, each a PDF download: an icon with its name as the tooltip (one line in the table's row). */
export function OutboundDocuments({ payment }: { payment: OutboundPayment }) {
  const { t } = useTranslation();
  const pdf = usePdfDownload(t('outbound.errors.pdfFailed'));
  return (
    <>
      {payment.kind === 'payout' && (
        <Tooltip title={t('outbound.actions.statement')}>
          <Button
            size="small"
            icon={<FilePdfOutlined />}
            aria-label={t('outbound.actions.statementOf', { invoice: payment.invoice.invoiceNo })}
            loading={pdf.running === 'statement'}
            onClick={() => pdf.start('statement', () => downloadStatementPdf({ id: payment.invoice._id, invoiceNo: payment.invoice.invoiceNo }))}
          />
        </Tooltip>
      )}
      {payment.status === 'Completed' && (
        <Tooltip title={t('outbound.actions.receipt')}>
          <Button
            size="small"
            icon={<FilePdfOutlined />}
            aria-label={t('outbound.actions.receiptOf', { payment: payment.transactionId })}
            loading={pdf.running === 'receipt'}
            onClick={() => pdf.start('receipt', () => downloadReceiptPdf({ id: payment._id, transactionId: payment.transactionId }))}
          />
        </Tooltip>
      )}
    </>
  );
}
