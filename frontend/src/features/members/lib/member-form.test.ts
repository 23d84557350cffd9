import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toCreate, toUpdate, trnDigits, type MemberFormValues } from '@/features/members/lib/member-form';
import { isAdult, isValidExpiry, isValidTrn, looksLikePhone } from '@/features/members/lib/member-rules';

const organization: MemberFormValues = {
  memberEntity: 'organization',
  firstName: ' Rashid ',
  lastName: 'Khan',
  companyName: 'Desert Motors Trading LLC',
  email: ' fleet@desertmotors.ae ',
  phone: '+971 4 321 7788',
  memberTypes: ['buyer'],
  sellerType: 'dealer',
  isTrustedSeller: true,
  securityPlan: undefined,
  memberIdentityNo: 'P99887766',
  memberProfile: {
    nationality: 'Pakistani',
    address: '  ',
    dob: dayjs('1980-01-01'),
    tradeLicenseNumber: 'DED-778812',
    tradeLicenseExpiry: dayjs('2030-05-31'),
    identityType: 'passport',
    identityExpiry: dayjs('2031-01-15'),
    identityFrontImage: '/public/members/a-front.png',
  },
};

describe('member form bodies', () => {
  it('sends an organization its company and licence, no date of birth, and no seller fields for a buyer', () => {
    const body = toCreate(organization);
    expect(body).toMatchObject({
      firstName: 'Rashid',
      email: 'fleet@desertmotors.ae',
      companyName: 'Desert Motors Trading LLC',
      sellerType: null,
      isTrustedSeller: false,
      securityPlan: null,
      memberProfile: {
        address: null,
        dob: null,
        tradeLicenseNumber: 'DED-778812',
        tradeLicenseExpiry: '2030-05-31',
        identityExpiry: '2031-01-15',
        identityFrontImage: '/public/members/a-front.png',
        identityBackImage: null,
      },
    });
  });

  it('sends an individual no company or trade licence, and never email or phone on update', () => {
    const body = toUpdate({ ...organization, memberEntity: 'individual', memberTypes: ['seller'] });
    expect(body).toMatchObject({ companyName: null, sellerType: 'dealer', isTrustedSeller: true, memberProfile: { dob: '1980-01-01', tradeLicenseNumber: null } });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('phone');
  });
});

describe('member form rules', () => {
  const today = dayjs('2026-06-15');
  it('takes a TRN of 15 digits however it is typed, or none', () => {
    expect(isValidTrn('100234567890003')).toBe(true);
    expect(isValidTrn('100-2345-6789-0003')).toBe(true);
    expect(isValidTrn(' 1002 3456 7890 003 ')).toBe(true);
    expect(isValidTrn('')).toBe(true);
    expect(isValidTrn(null)).toBe(true);
    expect(isValidTrn('10023456789000')).toBe(false);
    expect(isValidTrn('1002345678900031')).toBe(false);
    expect(isValidTrn('TRN100234567890')).toBe(false);
    expect(trnDigits('100-2345-6789-0003')).toBe('100234567890003');
    expect(trnDigits('  ')).toBeNull();
    expect(toUpdate({ ...organization, trn: '1002 3456 7890 003' }).trn).toBe('100234567890003');
    expect(toCreate({ ...organization, trn: undefined }).trn).toBeNull();
  });

  it('accepts E.164 and local UAE numbers, not letters or stubs', () => {
    expect(looksLikePhone('+971 50 123 4567')).toBe(true);
    expect(looksLikePhone('050-123-4567')).toBe(true);
    expect(looksLikePhone('0501')).toBe(false);
    expect(looksLikePhone('call me')).toBe(false);
  });

  it('wants members of 18 and documents valid after today', () => {
    expect(isAdult(dayjs('2008-06-15'), today)).toBe(true);
    expect(isAdult(dayjs('2008-06-16'), today)).toBe(false);
    expect(isValidExpiry(dayjs('2026-06-16'), today)).toBe(true);
    expect(isValidExpiry(today, today)).toBe(false);
  });
});
