import { useTranslation } from 'react-i18next';
import { SummaryCards } from '@/components/summary-cards';
import type { RoleList } from '@/features/roles/api/get-roles';

interface RolesSummaryProps {
  data: RoleList | undefined;
  active: string | undefined;
  onActive: (value: string | undefined) => void;
}

/** Total, active and inactive roles; each card filters the list. */
export function RolesSummary({ data, active, onActive }: RolesSummaryProps) {
  const { t } = useTranslation();
  return (
    <SummaryCards
      aria-label={t('common.summary')}
      items={[
        { key: 'total', label: t('roles.totalRoles'), value: data?.totalRoles, onClick: () => onActive(undefined), active: !active },
        { key: 'active', label: t('roles.activeRoles'), value: data?.totalActive, onClick: () => onActive('true'), active: active === 'true' },
        { key: 'inactive', label: t('roles.inactiveRoles'), value: data?.totalInactive, onClick: () => onActive('false'), active: active === 'false' },
      ]}
    />
  );
}
