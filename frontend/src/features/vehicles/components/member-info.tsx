import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { LtrText } from '@/components/ltr-text';
import { StatusBadge, type StatusVariant } from '@/components/status-badge';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { sellerName } from '@/features/vehicles/components/seller-select';
import { paths } from '@/lib/paths';

type MemberSummary = Vehicle['memberProfile'];

const MEMBER_STATUS_VARIANT: Record<string, StatusVariant> = {
  pending: 'pending',
  approved: 'approved',
  rejected: 'danger',
  inActive: 'default',
  deactivated: 'danger',
};

/**
 * A seller's or buyer's name, a link to their member page (/members/:memberId) for a role that may view members;
 * `children` replaces the name as the link's text.
 */
export function MemberLink({ member, children }: { member: MemberSummary; children?: ReactNode }) {
  const canViewMembers = useCan('Members', 'view');
  const text = children ?? sellerName(member);
  return canViewMembers ? <Link to={`${paths.member}/${member._id}`}>{text}</Link> : <>{text}</>;
}

/** The 'Member Information' tab: the seller as Gavel summarises them, their name opening their member page. */
export function MemberInfo({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const seller = vehicle.memberProfile;
  return (
    <Descriptions
      bordered
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'name', label: t('vehicles.member.name'), children: <MemberLink member={seller}>{`${seller.firstName} ${seller.lastName}`}</MemberLink> },
        { key: 'company', label: t('vehicles.member.company'), children: seller.companyName || t('common.notAvailable') },
        { key: 'email', label: t('vehicles.member.email'), children: seller.email },
        { key: 'phone', label: t('vehicles.member.phone'), children: <LtrText>{seller.phone}</LtrText> },
        { key: 'entity', label: t('vehicles.member.entity'), children: t(`vehicles.member.entities.${seller.memberEntity}` as 'vehicles.member.entities.individual', { defaultValue: seller.memberEntity }) },
        { key: 'status', label: t('common.status'), children: <StatusBadge variant={MEMBER_STATUS_VARIANT[seller.status] ?? 'default'}>{t(`status.${seller.status}` as 'status.approved', { defaultValue: seller.status })}</StatusBadge> },
      ]}
    />
  );
}
