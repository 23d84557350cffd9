import { useMutation } from '@tanstack/react-query';
import { exportFile, type ExportedFile } from '@/api/export-file';
import type { components } from '@/api/schema';
import { saveBlob } from '@/lib/download';

export type ReportName = components['schemas']['ReportName'];
export type ExportQuery = components['schemas']['ExportQuery'];
export type ExportFormat = components['schemas']['ExportFormat'];

interface ExportRequest {
  report: ReportName;
  body: ExportQuery;
}

/** POST /api/reports/{report}/export: the whole report for the period as CSV or XLSX, under the server's file name. */
export function exportReport({ report, body }: ExportRequest): Promise<ExportedFile> {
  const format = body.format ?? 'csv';
  return exportFile(`/reports/${report}/export`, body, `${report}.${format}`);
}

/** Exports and saves the file. */
export function useExportReportMutation() {
  return useMutation({
    mutationFn: async (request: ExportRequest) => {
      const file = await exportReport(request);
      saveBlob(file.blob, file.name);
      return file;
    },
  });
}
