import { Alert, Button, Descriptions, Flex, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { SearchBox } from '@/components/search-box';
import { StatusBadge, type StatusVariant } from '@/components/status-badge';
import type { Plan } from '@/features/plans/api/list-plans';
import { usePlanSubscribers, type Subscriber } from '@/features/plans/api/get-plan-subscribers';
import { errorMessage } from '@/lib/error-message';
import { formatAed } from '@/lib/money';
import { paths } from '@/lib/paths';

const PAGE_SIZE = 10;

const VARIANTS: Record<string, StatusVariant> = { approved: 'success', pending: 'pending', rejected: 'danger' };

function subscriberName(subscriber: Subscriber): string {
  const name = `${subscriber.firstName} ${subscriber.lastName}`;
  return subscriber.companyName ? `${subscriber.companyName} (${name})` : name;
}

interface PlanSubscribersModalProps {
  /** The plan whose members are shown; none: closed. */
  plan: Plan | undefined;
  onClose: () => void;
}

/**
 * 'Subscribers of Gold': the plan's members, ten a page and searchable, each with the deposit held, their buying
 * power and status; a name opens the member (Members view). The plan's count and the deposits held on top.
 */
export function PlanSubscribersModal({ plan, onClose }: PlanSubscribersModalProps) {
  const { t } = useTranslation();
  const canViewMembers = useCan('Members', 'view');
  const [view, setView] = useState({ planId: plan?._id, page: 1, search: '' });
  // Another plan opened: back to its first page, unsearched.
  if (view.planId !== plan?._id) setView({ planId: plan?._id, page: 1, search: '' });
  const query = usePlanSubscribers(plan?._id ?? '', { pageNo: view.page, limit: PAGE_SIZE, search: view.search || undefined }, plan !== undefined);
  const list = query.data;

  const columns: TableColumnsType<Subscriber> = [
    {
      key: 'name',
      title: t('plans.subscriberList.name'),
      render: (_, subscriber) => (canViewMembers ? <Link to={`${paths.member}/${subscriber._id}`}>{subscriberName(subscriber)}</Link> : subscriberName(subscriber)),
    },
    { key: 'email', title: t('plans.subscriberList.email'), dataIndex: 'email' },
    { key: 'deposit', title: t('plans.subscriberList.depositHeld'), align: 'end', render: (_, subscriber) => formatAed(subscriber.depositHeld) },
    { key: 'power', title: t('plans.subscriberList.buyingPower'), align: 'end', render: (_, subscriber) => formatAed(subscriber.buyingPower) },
    {
      key: 'status',
      title: t('plans.subscriberList.status'),
      render: (_, subscriber) => (
        <StatusBadge variant={VARIANTS[subscriber.status] ?? 'default'}>{t(`status.${subscriber.status}` as 'status.approved', { defaultValue: subscriber.status })}</StatusBadge>
      ),
    },
  ];

  const title = t('plans.subscriberList.title', { name: plan?.name ?? '' });
  return (
    <Modal open={plan !== undefined} title={title} onCancel={onClose} footer={null} width={860} destroyOnHidden>
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={2}
          items={[
            { key: 'count', label: t('plans.subscribers'), children: list?.totalSubscribers ?? plan?.totalSubscribers },
            { key: 'held', label: t('plans.depositsHeld'), children: formatAed(list?.depositsHeld ?? plan?.depositsHeld) },
          ]}
        />
        <SearchBox
          value={view.search}
          onSearch={(search) => setView((current) => ({ ...current, page: 1, search: search.trim() }))}
          placeholder={t('plans.subscriberList.searchPlaceholder')}
          aria-label={t('plans.subscriberList.search')}
        />
        {query.isError && !list ? (
          <Alert
            type="error"
            showIcon
            title={errorMessage(query.error, t('errors.fetchSubscribersFailed'))}
            action={<Button onClick={() => void query.refetch()}>{t('plans.subscriberList.retry')}</Button>}
          />
        ) : (
          <Table<Subscriber>
            aria-label={title}
            rowKey="_id"
            size="small"
            columns={columns}
            dataSource={list?.data}
            loading={query.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: view.search ? t('plans.subscriberList.noMatch') : t('plans.subscriberList.empty') }}
            pagination={{
              current: view.page,
              pageSize: PAGE_SIZE,
              total: list?.totalMatching ?? 0,
              onChange: (page) => setView((current) => ({ ...current, page })),
              hideOnSinglePage: true,
              showSizeChanger: false,
            }}
          />
        )}
      </Flex>
    </Modal>
  );
}
