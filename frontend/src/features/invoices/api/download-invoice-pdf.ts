import { useMutation } from '@tanstack/react-query';
import { rawRequest } from '@/api/raw-request';
import { fileNameOf, saveBlob } from '@/lib/download';

export interface InvoicePdf {
  blob: Blob;
  name: string;
}

/** GET /api/invoices/{id}/pdf: the tax invoice (or credit note) as a PDF under the server's file name (INV-….pdf). */
export async function downloadInvoicePdf({ id, invoiceNo }: { id: string; invoiceNo: string }): Promise<InvoicePdf> {
  const response = await rawRequest(`/invoices/${encodeURIComponent(id)}/pdf`, { method: 'GET', headers: { Accept: 'application/pdf, application/json' } });
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition'), `${invoiceNo}.pdf`) };
}

/** Downloads the PDF and hands it to the browser. */
export function useDownloadInvoicePdfMutation() {
  return useMutation({ mutationFn: downloadInvoicePdf, onSuccess: ({ blob, name }) => saveBlob(blob, name) });
}
