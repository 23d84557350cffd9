import type { ExportedFile } from '@/api/export-file';
import { rawRequest } from '@/api/raw-request';
import { auditSearch, type AuditFilters } from '@/api/audit-events';
import { fileNameOf } from '@/lib/download';

/** GET /api/audit-events/export.csv: every event the filters match (not only the page), as the server streams it. */
export async function exportAuditEvents(filters: AuditFilters): Promise<ExportedFile> {
  const response = await rawRequest(`/audit-events/export.csv${auditSearch(filters)}`, { method: 'GET', headers: { Accept: 'text/csv, application/json' } });
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition'), 'audit-log.csv') };
}
