import { useMutation } from '@tanstack/react-query';
import { exportFile, type ExportedFile } from '@/api/export-file';
import type { components } from '@/api/schema';
import { saveBlob } from '@/lib/download';

export type LedgerFilter = components['schemas']['LedgerFilter'];

/** POST /api/members/{id}/ledger/export {kind, dateFrom, dateTo}: the filtered entries as CSV, oldest first. */
export function exportMemberLedger(memberId: string, body: LedgerFilter): Promise<ExportedFile> {
  return exportFile(`/members/${encodeURIComponent(memberId)}/ledger/export`, body, 'ledger.csv');
}

/** Exports and saves the file under the server's name. */
export function useExportMemberLedgerMutation(memberId: string) {
  return useMutation({
    mutationFn: async (body: LedgerFilter) => {
      const file = await exportMemberLedger(memberId, body);
      saveBlob(file.blob, file.name);
      return file;
    },
  });
}
