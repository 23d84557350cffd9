import { describe, expect, it } from 'vitest';
import { sessionSort } from '@/features/sessions/lib/session-sort';

describe('sessionSort', () => {
  it('keeps the sorts the API knows and drops any other from the URL', () => {
    expect(sessionSort('lastActiveAt')).toBe('lastActiveAt');
    expect(sessionSort('signedInAt')).toBe('signedInAt');
    expect(sessionSort('ipAddress')).toBeUndefined();
    expect(sessionSort(undefined)).toBeUndefined();
  });
});
