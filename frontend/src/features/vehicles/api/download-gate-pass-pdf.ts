import { rawRequest } from '@/api/raw-request';
import { fileNameOf, saveBlob } from '@/lib/download';

/** GET /api/gate-passes/{id}/pdf: the pass with its QR code as a PDF, saved under the server's file name. */
export async function downloadGatePassPdf(gatePass: { _id: string }, fallbackName: string): Promise<void> {
  const response = await rawRequest(`/gate-passes/${encodeURIComponent(gatePass._id)}/pdf`, { method: 'GET', headers: { Accept: 'application/pdf, application/json' } });
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), fallbackName));
}
