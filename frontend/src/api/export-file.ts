import { rawRequest } from '@/api/raw-request';
import { fileNameOf } from '@/lib/download';

export interface ExportedFile {
  blob: Blob;
  name: string;
}

/** POSTs a list query to an export call and reads the answer as a file under the server's file name. */
export async function exportFile(path: string, body: unknown, fallbackName: string): Promise<ExportedFile> {
  const response = await rawRequest(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/csv, application/json' },
    body: JSON.stringify(body),
  });
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition'), fallbackName) };
}
