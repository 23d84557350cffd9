import { rawRequest } from '@/api/raw-request';
import { fileNameOf, saveBlob } from '@/lib/download';

/** GET /api/invoices/{id}/pdf: the tax invoice or credit note as a PDF, saved under the server's file name. */
export async function downloadInvoicePdf(invoice: { _id: string; invoiceNo: string }): Promise<void> {
  const response = await rawRequest(`/invoices/${encodeURIComponent(invoice._id)}/pdf`, { method: 'GET', headers: { Accept: 'application/pdf, application/json' } });
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), `${invoice.invoiceNo}.pdf`));
}
