import { describe, expect, it } from 'vitest';
import { fileNameOf } from '@/lib/download';

describe('fileNameOf', () => {
  it("reads the server's file name, else the fallback", () => {
    expect(fileNameOf('attachment; filename="members-pending.csv"', 'members.csv')).toBe('members-pending.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''vehicles%20sold.csv", 'x.csv')).toBe('vehicles sold.csv');
    expect(fileNameOf(null, 'members.csv')).toBe('members.csv');
  });
});
