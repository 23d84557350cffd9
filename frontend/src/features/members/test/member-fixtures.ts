import type { Member, MemberCounts, MemberList } from '@/features/members/api/get-members';

/** A member as the API answers it, for the page tests. */
export function memberFixture(id: string, overrides: Partial<Member> = {}): Member {
  return {
    _id: id,
    firstName: 'Noura',
    lastName: 'Al Mansoori',
    email: `${id}@example.com`,
    phone: '+971501234567',
    profileImage: null,
    isTrustedSeller: false,
    role: 'member',
    memberIdentityNo: '784-1990-1234567-6',
    memberTypes: ['buyer'],
    sellerType: null,
    memberEntity: 'individual',
    companyName: null,
    trn: null,
    status: 'pending',
    requestType: 'New',
    securityPlan: null,
    buyingPower: 0,
    depositHeld: 0,
    bankAccountName: null,
    bankIban: null,
    bankName: null,
    memberProfile: {
      nationality: 'Emirati',
      address: null,
      emirate: 'Dubai',
      city: 'Dubai',
      dob: '1990-03-15',
      tradeLicenseNumber: null,
      tradeLicenseExpiry: null,
      identityType: 'nic',
      identityExpiry: '2030-01-01',
      identityFrontImage: null,
      identityBackImage: null,
      tradeLicenseImage: null,
    },
    createdAt: '2026-01-05T10:00:00Z',
    updatedAt: '2026-01-05T10:00:00Z',
    statusChangedAt: null,
    statusReason: null,
    preferredLanguage: 'en',
    promoConsentSms: false,
    promoConsentWhatsapp: false,
    promoConsentEmail: false,
    ...overrides,
  };
}

export const counts: MemberCounts = {
  totalMembers: 9,
  totalSellers: 4,
  totalBuyers: 7,
  totalIndividuals: 6,
  totalOrginization: 3,
  totalPending: 2,
  totalApproved: 3,
  totalRejected: 1,
  totalInActive: 1,
  totalDeactivated: 2,
};

export function listOf(members: Member[]): MemberList {
  return { ...counts, members, totalPages: 1, currentPage: 1, totalMatching: members.length };
}
