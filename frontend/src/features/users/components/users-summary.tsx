import { useTranslation } from 'react-i18next';
import { SummaryCards } from '@/components/summary-cards';
import type { UserList } from '@/features/users/api/get-users';

interface UsersSummaryProps {
  data: UserList | undefined;
  status: string | undefined;
  onStatus: (status: string | undefined) => void;
}

/** Total, active and inactive (suspended or inActive) staff users; Total and Active filter the list. */
export function UsersSummary({ data, status, onStatus }: UsersSummaryProps) {
  const { t } = useTranslation();
  return (
    <SummaryCards
      aria-label={t('common.summary')}
      items={[
        { key: 'total', label: t('users.totalUsers'), value: data?.totalUsers, onClick: () => onStatus(undefined), active: !status },
        { key: 'active', label: t('users.activeUsers'), value: data?.activeUsers, onClick: () => onStatus('Active'), active: status === 'Active' },
        { key: 'inactive', label: t('users.inactiveUsers'), value: data?.inactiveUsers },
      ]}
    />
  );
}
