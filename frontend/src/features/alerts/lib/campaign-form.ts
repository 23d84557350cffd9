import type { Dayjs } from 'dayjs';
import type { Audience } from '@/features/alerts/api/count-audience';
import type { CampaignIn } from '@/features/alerts/api/create-campaign';
import type { Campaign } from '@/features/alerts/api/get-campaigns';
import type { Channel } from '@/features/alerts/api/get-messages';

export type MemberType = NonNullable<Audience['memberType']>;
export type MemberEntity = NonNullable<Audience['memberEntity']>;
export type SellerType = NonNullable<Audience['sellerType']>;
export type MemberStatus = Audience['status'];

export const MEMBER_TYPES: readonly MemberType[] = ['buyer', 'seller'];
export const MEMBER_ENTITIES: readonly MemberEntity[] = ['individual', 'organization'];
export const SELLER_TYPES: readonly SellerType[] = ['individual', 'dealer', 'bank', 'insurance', 'rental', 'fleet', 'government'];
export const MEMBER_STATUSES: readonly MemberStatus[] = ['approved', 'pending', 'inActive', 'deactivated', 'rejected'];

/** The fields of 'New campaign' (audience as the member list filters it; when: now or a Dubai wall-clock time). */
export interface CampaignValues {
  name: string;
  templateId?: string | null;
  subjectEn?: string | null;
  subjectAr?: string | null;
  bodyEn?: string;
  bodyAr?: string;
  audience: { memberType?: MemberType | null; memberEntity?: MemberEntity | null; sellerType?: SellerType | null; securityPlan?: string | null; status: MemberStatus };
  when: 'now' | 'later';
  sendAt?: Dayjs | null;
}

const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss';
const blank = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

export function newCampaignValues(): CampaignValues {
  return { name: '', audience: { memberType: 'buyer', status: 'approved' }, when: 'now' };
}

/** A draft opened again (sent later from the list). */
export function fromCampaign(campaign: Campaign): CampaignValues {
  return {
    name: campaign.name,
    templateId: campaign.templateId,
    subjectEn: campaign.subjectEn,
    subjectAr: campaign.subjectAr,
    bodyEn: campaign.bodyEn ?? '',
    bodyAr: campaign.bodyAr ?? '',
    audience: { ...campaign.audience },
    when: 'now',
  };
}

/** The audience as the API takes it: the filters chosen (empty ones left out), approved members unless another status is. */
export function toAudience(audience: Partial<CampaignValues['audience']> | undefined): Audience {
  return {
    memberType: audience?.memberType ?? null,
    memberEntity: audience?.memberEntity ?? null,
    sellerType: audience?.memberType === 'buyer' ? null : (audience?.sellerType ?? null),
    securityPlan: audience?.securityPlan || null,
    status: audience?.status ?? 'approved',
  };
}

export function toCampaignIn(channel: Channel, values: CampaignValues): CampaignIn {
  const email = channel === 'email';
  return {
    channel,
    name: values.name.trim(),
    templateId: values.templateId || null,
    subjectEn: email ? blank(values.subjectEn) : null,
    subjectAr: email ? blank(values.subjectAr) : null,
    bodyEn: blank(values.bodyEn),
    bodyAr: blank(values.bodyAr),
    audience: toAudience(values.audience),
  };
}

/** The send call's time: none (now), or the picked time without a zone (the server reads it as Dubai time). */
export function toSendAt(values: Pick<CampaignValues, 'when' | 'sendAt'>): string | null {
  return values.when === 'later' && values.sendAt ? values.sendAt.second(0).format(WALL_CLOCK) : null;
}
