import { Flex, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalFilter } from '@/api/lot-types';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useOnApproval } from '@/features/auctions/api/on-approval';
import { OnApprovalTable } from '@/features/auctions/components/on-approval-table';
import { useSearchParamsUpdate } from '@/lib/use-search-params-update';
import '@/lib/i18n/strings/lots';

const FILTERS: ApprovalFilter[] = ['waiting', 'answered', 'all'];

const filterOf = (value: string | null): ApprovalFilter => (FILTERS.includes(value as ApprovalFilter) ? (value as ApprovalFilter) : 'waiting');

/**
 * /auctions/on-approval: the lots closed below their reserve, waiting for their seller's answer until the deadline
 * (Dubai time), and (filter in the URL, ?status=answered|all) those answered; the answers are recorded from here.
 */
export function OnApprovalPage() {
  const { t } = useTranslation();
  const [params, update] = useSearchParamsUpdate();
  const status = filterOf(params.get('status'));
  const query = useOnApproval(status);
  useErrorToast(query.error, t('lots.errors.approvalsFailed'));

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('lots.approval.title')} />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('lots.approval.intro')}
      </Typography.Paragraph>
      <Segmented<ApprovalFilter>
        aria-label={t('lots.approval.filter')}
        value={status}
        onChange={(next) => update((search) => (next === 'waiting' ? search.delete('status') : search.set('status', next)))}
        options={FILTERS.map((value) => ({ value, label: t(`lots.approval.filters.${value}`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <OnApprovalTable rows={query.data?.data} loading={query.isFetching} empty={t(`lots.approval.empty.${status}`)} />
    </Flex>
  );
}
