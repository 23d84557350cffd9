import { describe, expect, it } from 'vitest';
import { filenameOf } from '@/features/vehicles/api/export-vehicles';

describe('CSV export filename', () => {
  it("takes the server's filename from content-disposition, else the fallback", () => {
    expect(filenameOf('attachment; filename="vehicles-approved.csv"', 'x.csv')).toBe('vehicles-approved.csv');
    expect(filenameOf("attachment; filename*=UTF-8''vehicles%20sold.csv", 'x.csv')).toBe('vehicles sold.csv');
    expect(filenameOf(null, 'vehicles-pending.csv')).toBe('vehicles-pending.csv');
  });
});
