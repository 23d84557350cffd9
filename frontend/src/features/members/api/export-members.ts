import { useMutation } from '@tanstack/react-query';
import { exportFile, type ExportedFile } from '@/api/export-file';
import type { MemberQuery } from '@/features/members/api/get-members';
import { saveBlob } from '@/lib/download';

/** POST /api/members/export: the current filtered list (no paging) as CSV, under the server's file name. */
export function exportMembers(body: MemberQuery): Promise<ExportedFile> {
  return exportFile('/members/export', body, 'members.csv');
}

/** Exports and saves the file. */
export function useExportMembersMutation() {
  return useMutation({
    mutationFn: async (body: MemberQuery) => {
      const file = await exportMembers(body);
      saveBlob(file.blob, file.name);
      return file;
    },
  });
}
