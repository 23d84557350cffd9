import { useMutation } from '@tanstack/react-query';
import { rawRequest } from '@/api/raw-request';
import { fileNameOf, saveBlob } from '@/lib/download';

export interface StatementPeriod {
  /** First Dubai day, YYYY-MM-DD; from the first entry when left out. */
  dateFrom?: string;
  /** Last Dubai day, YYYY-MM-DD; to today when left out. */
  dateTo?: string;
}

export interface StatementPdf {
  blob: Blob;
  name: string;
}

/** GET /api/members/{id}/statement.pdf?dateFrom&dateTo: the statement of account of the period as a PDF. */
export async function downloadMemberStatement(memberId: string, period: StatementPeriod): Promise<StatementPdf> {
  const query = new URLSearchParams();
  if (period.dateFrom) query.set('dateFrom', period.dateFrom);
  if (period.dateTo) query.set('dateTo', period.dateTo);
  const search = query.toString() ? `?${query.toString()}` : '';
  const response = await rawRequest(`/members/${encodeURIComponent(memberId)}/statement.pdf${search}`, {
    method: 'GET',
    headers: { Accept: 'application/pdf, application/json' },
  });
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition'), 'statement.pdf') };
}

/** Downloads the statement and hands it to the browser. */
export function useDownloadMemberStatementMutation(memberId: string) {
  return useMutation({
    mutationFn: (period: StatementPeriod) => downloadMemberStatement(memberId, period),
    onSuccess: ({ blob, name }) => saveBlob(blob, name),
  });
}
