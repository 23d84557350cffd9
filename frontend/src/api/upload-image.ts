import type { components } from '@/api/schema';
import { rawRequest } from '@/api/raw-request';

export type UploadedImage = components['schemas']['UploadOut'];

/** POST /api/uploads/{folder} (multipart field `file`): a JPEG, PNG or WebP of at most 10 MB; answers its URL and thumbnail URL. */
export async function uploadImage(folder: 'members' | 'users' | 'vehicles', file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await rawRequest(`/uploads/${folder}`, { method: 'POST', headers: { Accept: 'application/json' }, body: form });
  return (await response.json()) as UploadedImage;
}
