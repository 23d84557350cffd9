import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SummaryCards, type SummaryItem } from '@/components/summary-cards';
import type { MemberCounts } from '@/features/members/api/get-members';
import type { MemberFilter } from '@/features/members/lib/member-filters';
import { LIST_PATH, type MemberListName } from '@/features/members/lib/member-lists';
import type { ListControls } from '@/lib/use-list-params';

interface MembersSummaryProps {
  counts: MemberCounts | undefined;
  list: MemberListName;
  controls: ListControls<MemberFilter>;
  loading: boolean;
}

/**
 * Every count of the member lists. Type and entity cards filter this list (and clear on a second click); status
 * cards open their list, the inActive one included (it has no sidebar link).
 */
export function MembersSummary({ counts, list, controls, loading }: MembersSummaryProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters, setFilter } = controls;
  const toggle = (key: MemberFilter, value: string) => () => setFilter(key, filters[key] === value ? undefined : value);
  const filterCard = (key: string, label: string, value: number | undefined, filter: MemberFilter, match: string): SummaryItem => ({
    key,
    label,
    value,
    onClick: toggle(filter, match),
    active: filters[filter] === match,
  });
  const listCard = (key: string, label: string, value: number | undefined, target: MemberListName): SummaryItem => ({
    key,
    label,
    value,
    onClick: () => navigate(LIST_PATH[target]),
    active: list === target,
  });
  return (
    <SummaryCards
      aria-label={t('common.summary')}
      loading={loading}
      items={[
        { key: 'total', label: t('members.counts.total'), value: counts?.totalMembers },
        filterCard('sellers', t('members.counts.sellers'), counts?.totalSellers, 'memberType', 'seller'),
        filterCard('buyers', t('members.counts.buyers'), counts?.totalBuyers, 'memberType', 'buyer'),
        filterCard('individuals', t('members.counts.individuals'), counts?.totalIndividuals, 'entity', 'individual'),
        filterCard('organizations', t('members.counts.organizations'), counts?.totalOrginization, 'entity', 'organization'),
        listCard('pending', t('members.counts.pending'), counts?.totalPending, 'review'),
        listCard('approved', t('members.counts.approved'), counts?.totalApproved, 'approved'),
        listCard('rejected', t('members.counts.rejected'), counts?.totalRejected, 'rejected'),
        listCard('inactive', t('members.counts.inactive'), counts?.totalInActive, 'inactive'),
        listCard('deactivated', t('members.counts.deactivated'), counts?.totalDeactivated, 'deactivated'),
      ]}
    />
  );
}
