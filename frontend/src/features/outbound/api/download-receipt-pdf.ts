import { rawRequest } from '@/api/raw-request';
import { fileNameOf, saveBlob } from '@/lib/download';

/** GET /api/payments/{id}/pdf: the payout's or refund's receipt, saved under the server's file name (OUT-….pdf). */
export async function downloadReceiptPdf({ id, transactionId }: { id: string; transactionId: string }): Promise<void> {
  const response = await rawRequest(`/payments/${encodeURIComponent(id)}/pdf`, { method: 'GET', headers: { Accept: 'application/pdf, application/json' } });
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), `${transactionId}.pdf`));
}
