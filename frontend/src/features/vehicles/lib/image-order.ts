/** A vehicle photo as the form keeps it: the stored image and its thumbnail (the first one is the cover). */
export interface VehicleImage {
  url: string;
  thumbnailUrl: string;
}

/** The photos with the one at `from` moved to `to`; out-of-range moves change nothing. */
export function moveImage<T>(images: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= images.length || to >= images.length) return [...images];
  const next = [...images];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

/** The photo at `index` becomes the cover (first); the others keep their order. */
export function makeCover<T>(images: readonly T[], index: number): T[] {
  return moveImage(images, index, 0);
}

export function removeImage<T>(images: readonly T[], index: number): T[] {
  return images.filter((_, position) => position !== index);
}

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Why a file cannot be uploaded as a vehicle photo (checked again by content on the server), or undefined. */
export function imageProblem(file: { type: string; size: number }): 'type' | 'size' | undefined {
  if (!IMAGE_TYPES.includes(file.type)) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return undefined;
}
