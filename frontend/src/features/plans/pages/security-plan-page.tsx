import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Flex, Pagination, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { PageHeader } from '@/components/page-header';
import { SearchBox } from '@/components/search-box';
import { useErrorToast } from '@/components/use-error-toast';
import { usePlans, type Plan } from '@/features/plans/api/list-plans';
import { PlanCard } from '@/features/plans/components/plan-card';
import { PlanFormModal } from '@/features/plans/components/plan-form-modal';
import { PlanSubscribersModal } from '@/features/plans/components/plan-subscribers-modal';
import { pageQuery, useListParams } from '@/lib/use-list-params';

/** /security-plan: one card per deposit plan with its subscribers and the deposits they hold; create, edit and delete. */
export function SecurityPlanPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const canAdd = useCan('Settings', 'add');
  const [modal, setModal] = useState<{ open: boolean; plan?: Plan }>({ open: false });
  const [subscribersOf, setSubscribersOf] = useState<Plan>();
  const query = usePlans({ ...pageQuery(list), sortBy: list.sortBy ?? 'planAmount', sortOrder: list.sortOrder ?? 'asc' });
  useErrorToast(query.error, t('errors.fetchPlansFailed'));
  const plans = query.data?.data;

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('plans.title')}
        actions={
          canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true })}>
              {t('plans.add')}
            </Button>
          )
        }
      />
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('plans.searchPlaceholder')} aria-label={t('plans.search')} />
      {plans === undefined && query.isPending && <Skeleton active />}
      {plans?.length === 0 && <Empty description={t('plans.empty')} />}
      <Row gutter={[16, 16]}>
        {plans?.map((plan) => (
          <Col key={plan._id} xs={24} md={12} xl={8}>
            <PlanCard plan={plan} onEdit={(chosen) => setModal({ open: true, plan: chosen })} onSubscribers={setSubscribersOf} />
          </Col>
        ))}
      </Row>
      {query.data && query.data.total > list.limit && (
        <Pagination current={list.page} pageSize={list.limit} total={query.data.total} onChange={(page, size) => list.setPage(page, size)} align="end" />
      )}
      <PlanFormModal open={modal.open} plan={modal.plan} onClose={() => setModal((current) => ({ ...current, open: false }))} />
      <PlanSubscribersModal plan={subscribersOf} onClose={() => setSubscribersOf(undefined)} />
    </Flex>
  );
}
