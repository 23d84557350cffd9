import { ApiError } from '@/api/api-error';
import { beginBusy, endBusy } from '@/api/busy';
import { API_BASE } from '@/api/client';
import type { VehicleQuery } from '@/features/vehicles/api/get-vehicles';
import { clearToken, getToken } from '@/lib/token-storage';

export interface ExportedFile {
  blob: Blob;
  filename: string;
}

/** The name in `content-disposition: attachment; filename="vehicles-pending.csv"`, else the fallback. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * POST /api/vehicles/export: the current filtered list as CSV. The answer is a file, not JSON, so this call
 * reads it as a blob (the shared client reads JSON); errors still arrive as the JSON envelope.
 */
export async function exportVehicles(body: VehicleQuery): Promise<ExportedFile> {
  const token = getToken();
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/csv, application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  beginBusy();
  try {
    const response = await fetch(`${API_BASE}/vehicles/export`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) {
      if (response.status === 401) clearToken();
      const text = await response.text();
      let envelope: unknown = text;
      try {
        envelope = JSON.parse(text) as unknown;
      } catch {
        // not JSON: keep the text
      }
      throw new ApiError(response.status, envelope);
    }
    return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition'), `vehicles-${body.status}.csv`) };
  } finally {
    endBusy();
  }
}
