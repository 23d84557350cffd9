import { useMutation } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { authedFetch } from '@/features/members/lib/authed-fetch';

export type UploadedImage = components['schemas']['UploadOut'];

/** POST /api/uploads/members (multipart field `file`): a JPEG, PNG or WebP of at most 10 MB; answers its URL. */
export async function uploadMemberImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  const response = await authedFetch('/uploads/members', { method: 'POST', headers: { Accept: 'application/json' }, body: form });
  return (await response.json()) as UploadedImage;
}

export function useUploadMemberImageMutation() {
  return useMutation({ mutationFn: uploadMemberImage });
}
