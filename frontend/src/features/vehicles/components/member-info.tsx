import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusVariant } from '@/components/status-badge';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';

const MEMBER_STATUS_VARIANT: Record<string, StatusVariant> = {
  pending: 'pending',
  approved: 'approved',
  rejected: 'danger',
  inActive: 'default',
  deactivated: 'danger',
};

/** The 'Member Information' tab: the seller as Gavel summarises them. */
export function MemberInfo({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const seller = vehicle.memberProfile;
  return (
    <Descriptions
      bordered
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'name', label: t('vehicles.member.name'), children: `${seller.firstName} ${seller.lastName}` },
        { key: 'company', label: t('vehicles.member.company'), children: seller.companyName || t('common.notAvailable') },
        { key: 'email', label: t('vehicles.member.email'), children: seller.email },
        { key: 'phone', label: t('vehicles.member.phone'), children: seller.phone },
        { key: 'entity', label: t('vehicles.member.entity'), children: t(`vehicles.member.entities.${seller.memberEntity}` as 'vehicles.member.entities.individual', { defaultValue: seller.memberEntity }) },
        { key: 'status', label: t('common.status'), children: <StatusBadge variant={MEMBER_STATUS_VARIANT[seller.status] ?? 'default'}>{t(`status.${seller.status}` as 'status.approved', { defaultValue: seller.status })}</StatusBadge> },
      ]}
    />
  );
}
