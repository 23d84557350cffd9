import { useMutation } from '@tanstack/react-query';
import type { MemberQuery } from '@/features/members/api/get-members';
import { authedFetch } from '@/features/members/lib/authed-fetch';
import { fileNameOf, saveBlob } from '@/features/members/lib/download';

export interface ExportedFile {
  blob: Blob;
  name: string;
}

/** POST /api/members/export: the current filtered list (no paging) as CSV, under the server's file name. */
export async function exportMembers(body: MemberQuery): Promise<ExportedFile> {
  const response = await authedFetch('/members/export', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/csv' },
    body: JSON.stringify(body),
  });
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition'), 'members.csv') };
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
