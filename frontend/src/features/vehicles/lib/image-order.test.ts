import { describe, expect, it } from 'vitest';
import { imageProblem, makeCover, MAX_IMAGE_BYTES, moveImage, removeImage } from '@/features/vehicles/lib/image-order';

describe('photo order', () => {
  const photos = ['a', 'b', 'c', 'd'];

  it('moves a photo left or right and ignores moves past either end', () => {
    expect(moveImage(photos, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveImage(photos, 1, 2)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveImage(photos, 0, -1)).toEqual(photos);
    expect(moveImage(photos, 3, 4)).toEqual(photos);
  });

  it('makes a photo the cover by putting it first, keeping the others in order', () => {
    expect(makeCover(photos, 2)).toEqual(['c', 'a', 'b', 'd']);
    expect(makeCover(photos, 0)).toEqual(photos);
  });

  it('removes a photo without changing the original list', () => {
    expect(removeImage(photos, 1)).toEqual(['a', 'c', 'd']);
    expect(photos).toEqual(['a', 'b', 'c', 'd']);
  });

  it('takes JPEG, PNG and WebP up to 10 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(imageProblem({ type: 'image/webp', size: MAX_IMAGE_BYTES })).toBeUndefined();
    expect(imageProblem({ type: 'image/gif', size: 1000 })).toBe('type');
    expect(imageProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe('size');
  });
});
