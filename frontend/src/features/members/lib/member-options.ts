import type { components } from '@/api/schema';
import i18n from '@/lib/i18n/i18n';

export type MemberType = components['schemas']['MemberType'];
export type MemberEntity = components['schemas']['MemberEntity'];
export type SellerType = components['schemas']['SellerType'];
export type IdentityType = components['schemas']['IdentityType'];

export const MEMBER_TYPES: readonly MemberType[] = ['seller', 'buyer'];
export const MEMBER_ENTITIES: readonly MemberEntity[] = ['individual', 'organization'];
export const SELLER_TYPES: readonly SellerType[] = ['individual', 'dealer', 'bank', 'insurance', 'rental', 'fleet', 'government'];
export const IDENTITY_TYPES: readonly IdentityType[] = ['nic', 'passport'];
export const EMIRATES = ['Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah'] as const;

const known = <T extends string>(all: readonly T[], value: string): value is T => all.includes(value as T);

export function memberTypeOptions() {
  return MEMBER_TYPES.map((value) => ({ value, label: i18n.t(`members.type.${value}`) }));
}

export function entityOptions() {
  return MEMBER_ENTITIES.map((value) => ({ value, label: i18n.t(`members.entity.${value}`) }));
}

export function entityLabel(value: string): string {
  return known(MEMBER_ENTITIES, value) ? i18n.t(`members.entity.${value}`) : value;
}

export function sellerTypeOptions() {
  return SELLER_TYPES.map((value) => ({ value, label: i18n.t(`members.sellerType.${value}`) }));
}

export function sellerTypeLabel(value: string | null | undefined): string {
  if (!value) return i18n.t('common.notAvailable');
  return known(SELLER_TYPES, value) ? i18n.t(`members.sellerType.${value}`) : value;
}

export function identityTypeOptions() {
  return IDENTITY_TYPES.map((value) => ({ value, label: i18n.t(`members.identityType.${value}`) }));
}

export function identityTypeLabel(value: string): string {
  return known(IDENTITY_TYPES, value) ? i18n.t(`members.identityType.${value}`) : value;
}

export function emirateOptions() {
  return EMIRATES.map((value) => ({ value, label: value }));
}
