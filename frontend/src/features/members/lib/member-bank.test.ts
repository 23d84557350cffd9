import { describe, expect, it } from 'vitest';
import { toUpdate, type MemberFormValues } from '@/features/members/lib/member-form';
import { compactIban, looksLikeIban } from '@/features/members/lib/member-rules';

const seller: MemberFormValues = {
  memberEntity: 'individual',
  firstName: 'Rashid',
  lastName: 'Khan',
  memberTypes: ['seller'],
  memberIdentityNo: '784-1985-7654321-2',
  bankAccountName: ' Rashid Khan ',
  bankIban: 'ae07 0331 2345 6789 0123 456',
  bankName: 'Emirates NBD',
  memberProfile: { identityType: 'nic' },
};

describe("a seller's bank details", () => {
  it('takes an IBAN shaped as people type it and leaves its check digits to the server', () => {
    expect(looksLikeIban('AE07 0331 2345 6789 0123 456')).toBe(true);
    expect(looksLikeIban('ae070331234567890123456')).toBe(true);
    // Wrong check digits still have the shape: the server refuses them.
    expect(looksLikeIban('AE00 0331 2345 6789 0123 456')).toBe(true);
    expect(looksLikeIban('')).toBe(true);
    expect(looksLikeIban(null)).toBe(true);
    expect(looksLikeIban('AE07 0331')).toBe(false);
    expect(looksLikeIban('AE07-0331-2345-6789-0123-456')).toBe(false);
    expect(looksLikeIban('0703 3123 4567 8901 2345 6')).toBe(false);
    expect(looksLikeIban(`AE07${'1'.repeat(31)}`)).toBe(false);
    expect(compactIban(' ae07 0331 2345 6789 0123 456 ')).toBe('AE070331234567890123456');
  });

  it('sends the bank details, compact and trimmed, for a seller and for a buyer (refunds go there too)', () => {
    expect(toUpdate(seller)).toMatchObject({ bankAccountName: 'Rashid Khan', bankIban: 'AE070331234567890123456', bankName: 'Emirates NBD' });
    expect(toUpdate({ ...seller, bankAccountName: ' ', bankIban: '', bankName: null })).toMatchObject({ bankAccountName: null, bankIban: null, bankName: null });
    const buyer = toUpdate({ ...seller, memberTypes: ['buyer'] });
    expect(buyer).toMatchObject({ bankAccountName: 'Rashid Khan', bankIban: 'AE070331234567890123456', bankName: 'Emirates NBD' });
  });
});
