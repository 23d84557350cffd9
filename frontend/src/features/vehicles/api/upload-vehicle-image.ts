import { ApiError } from '@/api/api-error';
import { beginBusy, endBusy } from '@/api/busy';
import { API_BASE } from '@/api/client';
import type { components } from '@/api/schema';
import { clearToken, getToken } from '@/lib/token-storage';

export type UploadedImage = components['schemas']['UploadOut'];

/**
 * POST /api/uploads/vehicles (multipart, field `file`): one JPEG, PNG or WebP of at most 10 MB. Gavel answers
 * its URL and a thumbnail URL. Multipart bodies are not JSON, so this call builds its own request.
 */
export async function uploadVehicleImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  beginBusy();
  try {
    const response = await fetch(`${API_BASE}/uploads/vehicles`, { method: 'POST', headers, body: form });
    const text = await response.text();
    let data: unknown = text;
    try {
      data = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      // not JSON: keep the text
    }
    if (!response.ok) {
      if (response.status === 401) clearToken();
      throw new ApiError(response.status, data);
    }
    return data as UploadedImage;
  } finally {
    endBusy();
  }
}
