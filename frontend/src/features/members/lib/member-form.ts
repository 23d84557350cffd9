import dayjs, { type Dayjs } from 'dayjs';
import type { MemberCreate } from '@/features/members/api/create-member';
import type { Member } from '@/features/members/api/get-members';
import type { MemberUpdate } from '@/features/members/api/update-member';
import type { IdentityType, MemberEntity, MemberType, SellerType } from '@/features/members/lib/member-options';
import { compactIban } from '@/features/members/lib/member-rules';

/** The profile part of the form; field names match the API, so server field errors land on them. */
export interface MemberProfileValues {
  nationality?: string | null;
  address?: string | null;
  emirate?: string | null;
  city?: string | null;
  dob?: Dayjs | null;
  tradeLicenseNumber?: string | null;
  tradeLicenseExpiry?: Dayjs | null;
  identityType?: IdentityType;
  identityExpiry?: Dayjs | null;
  identityFrontImage?: string | null;
  identityBackImage?: string | null;
  tradeLicenseImage?: string | null;
}

/** The fields of the add dialog and of the 'Member Information' tab (email and phone only when adding). */
export interface MemberFormValues {
  memberEntity: MemberEntity;
  firstName: string;
  lastName: string;
  companyName?: string | null;
  email?: string;
  phone?: string;
  memberTypes: MemberType[];
  sellerType?: SellerType | null;
  isTrustedSeller?: boolean;
  securityPlan?: string | null;
  memberIdentityNo: string;
  profileImage?: string | null;
  /** The UAE Tax Registration Number of a member registered for VAT (15 digits), else empty. */
  trn?: string | null;
  /** Where a seller's payouts go. */
  bankAccountName?: string | null;
  bankIban?: string | null;
  bankName?: string | null;
  /** The language of their messages (consent to promotions is recorded on the member's page, not here). */
  preferredLanguage?: 'en' | 'ar';
  memberProfile: MemberProfileValues;
}

const DAY = 'YYYY-MM-DD';

const blank = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);
const day = (value: Dayjs | null | undefined) => (value ? value.format(DAY) : null);
const parsed = (value: string | null | undefined) => (value ? dayjs(value) : null);

/** A TRN as people type it ('100-2345-6789-0003', with spaces or dashes): its digits, or null when empty. */
export function trnDigits(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/[\s-]/g, '');
  return digits === '' ? null : digits;
}

export function newMemberValues(): Partial<MemberFormValues> {
  return {
    memberEntity: 'individual',
    memberTypes: ['buyer'],
    isTrustedSeller: false,
    preferredLanguage: 'en',
    memberProfile: { identityType: 'nic', nationality: 'United Arab Emirates' },
  };
}

export function fromMember(member: Member): MemberFormValues {
  const profile = member.memberProfile;
  return {
    memberEntity: member.memberEntity as MemberEntity,
    firstName: member.firstName,
    lastName: member.lastName,
    companyName: member.companyName,
    memberTypes: member.memberTypes as MemberType[],
    sellerType: (member.sellerType as SellerType | null) ?? null,
    isTrustedSeller: member.isTrustedSeller,
    securityPlan: member.securityPlan?._id ?? null,
    memberIdentityNo: member.memberIdentityNo,
    profileImage: member.profileImage,
    trn: member.trn,
    bankAccountName: member.bankAccountName,
    bankIban: member.bankIban,
    bankName: member.bankName,
    preferredLanguage: member.preferredLanguage,
    memberProfile: {
      nationality: profile.nationality,
      address: profile.address,
      emirate: profile.emirate,
      city: profile.city,
      dob: parsed(profile.dob),
      tradeLicenseNumber: profile.tradeLicenseNumber,
      tradeLicenseExpiry: parsed(profile.tradeLicenseExpiry),
      identityType: profile.identityType as IdentityType,
      identityExpiry: parsed(profile.identityExpiry),
      identityFrontImage: profile.identityFrontImage,
      identityBackImage: profile.identityBackImage,
      tradeLicenseImage: profile.tradeLicenseImage,
    },
  };
}

/**
 * The body of update-member (SPEC.md section 5: no email, phone, role, requestType or status; no promotion consent,
 * which is recorded with how it was given, POST /members/{id}/consents, and which the server refuses to change here). An individual
 * sends no company or trade licence, an organization no date of birth, a buyer-only member no seller type.
 * Every member may carry bank details: sellers' payouts and every member's refunds go to that account.
 */
export function toUpdate(values: MemberFormValues): MemberUpdate {
  const organization = values.memberEntity === 'organization';
  const seller = values.memberTypes.includes('seller');
  const profile = values.memberProfile;
  return {
    memberEntity: values.memberEntity,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    companyName: organization ? blank(values.companyName) : null,
    memberTypes: values.memberTypes,
    sellerType: seller ? (values.sellerType ?? null) : null,
    isTrustedSeller: seller ? Boolean(values.isTrustedSeller) : false,
    securityPlan: values.securityPlan || null,
    memberIdentityNo: values.memberIdentityNo.trim(),
    profileImage: values.profileImage || null,
    trn: trnDigits(values.trn),
    bankAccountName: blank(values.bankAccountName),
    bankIban: compactIban(values.bankIban) || null,
    bankName: blank(values.bankName),
    preferredLanguage: values.preferredLanguage ?? null,
    memberProfile: {
      nationality: blank(profile.nationality),
      address: blank(profile.address),
      emirate: blank(profile.emirate),
      city: blank(profile.city),
      dob: organization ? null : day(profile.dob),
      tradeLicenseNumber: organization ? blank(profile.tradeLicenseNumber) : null,
      tradeLicenseExpiry: organization ? day(profile.tradeLicenseExpiry) : null,
      tradeLicenseImage: organization ? profile.tradeLicenseImage || null : null,
      identityType: profile.identityType ?? 'nic',
      identityExpiry: day(profile.identityExpiry) ?? '',
      identityFrontImage: profile.identityFrontImage || null,
      identityBackImage: profile.identityBackImage || null,
    },
  };
}

/** The body of members/create: the editable fields plus email and phone. */
export function toCreate(values: MemberFormValues): MemberCreate {
  return { ...toUpdate(values), email: (values.email ?? '').trim(), phone: (values.phone ?? '').trim() };
}
