import { DatePicker, Flex } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/components/filter-select';
import { SearchBox } from '@/components/search-box';
import { usePlanOptions } from '@/features/members/api/get-plan-options';
import { joinRange, splitRange, type MemberFilter } from '@/features/members/lib/member-filters';
import { entityOptions, memberTypeOptions, sellerTypeOptions } from '@/features/members/lib/member-options';
import type { ListControls } from '@/lib/use-list-params';

const DAY = 'YYYY-MM-DD';

/** Search over every field of a member and its profile; filters kept in the URL. */
export function MembersToolbar({ list }: { list: ListControls<MemberFilter> }) {
  const { t } = useTranslation();
  const plans = usePlanOptions();
  const planOptions = (plans.data ?? []).map((plan) => ({ value: plan._id, label: plan.name }));
  const trustedOptions = [
    { value: 'true', label: t('members.filters.trusted') },
    { value: 'false', label: t('members.filters.notTrusted') },
  ];
  const { from, to } = splitRange(list.filters.registered);
  return (
    <Flex gap={12} wrap>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('members.searchPlaceholder')} aria-label={t('members.search')} />
      <FilterSelect
        aria-label={t('members.filters.memberType')}
        placeholder={t('members.filters.allTypes')}
        value={list.filters.memberType}
        options={memberTypeOptions()}
        onChange={(value) => list.setFilter('memberType', value)}
      />
      <FilterSelect
        aria-label={t('members.filters.entity')}
        placeholder={t('members.filters.allEntities')}
        value={list.filters.entity}
        options={entityOptions()}
        onChange={(value) => list.setFilter('entity', value)}
      />
      <FilterSelect
        aria-label={t('members.filters.sellerType')}
        placeholder={t('members.filters.allSellerTypes')}
        value={list.filters.sellerType}
        options={sellerTypeOptions()}
        onChange={(value) => list.setFilter('sellerType', value)}
      />
      <FilterSelect
        aria-label={t('members.filters.trustedSeller')}
        placeholder={t('members.filters.anyTrust')}
        value={list.filters.trusted}
        options={trustedOptions}
        onChange={(value) => list.setFilter('trusted', value)}
      />
      <FilterSelect
        aria-label={t('members.filters.plan')}
        placeholder={t('members.filters.allPlans')}
        value={list.filters.plan}
        options={planOptions}
        loading={plans.isPending}
        onChange={(value) => list.setFilter('plan', value)}
      />
      <DatePicker.RangePicker
        aria-label={t('members.filters.registered')}
        placeholder={[t('members.filters.registeredFrom'), t('members.filters.registeredTo')]}
        format="DD/MM/YYYY"
        allowEmpty={[true, true]}
        value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
        onChange={(range) => list.setFilter('registered', joinRange(range?.[0]?.format(DAY), range?.[1]?.format(DAY)))}
      />
    </Flex>
  );
}
