import { exportFile, type ExportedFile } from '@/api/export-file';
import type { VehicleQuery } from '@/features/vehicles/api/get-vehicles';

/** POST /api/vehicles/export: the current filtered list (every page) as CSV, under the server's file name. */
export function exportVehicles(body: VehicleQuery): Promise<ExportedFile> {
  return exportFile('/vehicles/export', body, `vehicles-${body.status}.csv`);
}
