import { rawRequest } from '@/api/raw-request';
import { fileNameOf, saveBlob } from '@/lib/download';

/** GET /api/invoices/{id}/pdf of a payout's settlement: the seller's Settlement Statement, saved under the server's file name. */
export async function downloadStatementPdf({ id, invoiceNo }: { id: string; invoiceNo: string }): Promise<void> {
  const response = await rawRequest(`/invoices/${encodeURIComponent(id)}/pdf`, { method: 'GET', headers: { Accept: 'application/pdf, application/json' } });
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), `${invoiceNo}.pdf`));
}
