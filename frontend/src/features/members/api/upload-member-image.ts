import { useMutation } from '@tanstack/react-query';
import { uploadImage, type UploadedImage } from '@/api/upload-image';

export type { UploadedImage };

/** POST /api/uploads/members: a profile or document image. */
export function uploadMemberImage(file: File): Promise<UploadedImage> {
  return uploadImage('members', file);
}

export function useUploadMemberImageMutation() {
  return useMutation({ mutationFn: uploadMemberImage });
}
