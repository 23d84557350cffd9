import { uploadImage, type UploadedImage } from '@/api/upload-image';

export type { UploadedImage };

/** POST /api/uploads/vehicles: one photo; Gavel answers its URL and a thumbnail URL. */
export function uploadVehicleImage(file: File): Promise<UploadedImage> {
  return uploadImage('vehicles', file);
}
