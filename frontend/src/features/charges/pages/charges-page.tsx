import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useCharges, type AppliesTo, type Charge } from '@/features/charges/api/get-charges';
import { ChargeFormModal } from '@/features/charges/components/charge-form-modal';
import { ChargesSummary } from '@/features/charges/components/charges-summary';
import { ChargesTable } from '@/features/charges/components/charges-table';
import { ChargesToolbar, type ChargeFilter } from '@/features/charges/components/charges-toolbar';
import { CHARGE_KINDS } from '@/features/charges/lib/charge-form';
import { pageQuery, useListParams } from '@/lib/use-list-params';

const FILTERS: readonly ChargeFilter[] = ['active', 'appliesTo', 'kind'];

/** /charges: the fee schedule with counts, search, filters (status, payer, kind), add and edit, bulk active switch and delete. */
export function ChargesPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const canAdd = useCan('Settings', 'add');
  const [modal, setModal] = useState<{ open: boolean; charge?: Charge }>({ open: false });
  const { active, appliesTo, kind } = list.filters;
  const query = useCharges({
    ...pageQuery(list),
    isActive: active === undefined ? undefined : active === 'true',
    appliesTo: appliesTo as AppliesTo | undefined,
    kind: CHARGE_KINDS.find((known) => known === kind),
  });
  useErrorToast(query.error, t('errors.fetchChargesFailed'));

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('charges.title')}
        actions={
          canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true })}>
              {t('charges.add')}
            </Button>
          )
        }
      />
      <ChargesSummary data={query.data} active={active} onActive={(value) => list.setFilter('active', value)} />
      <ChargesToolbar list={list} />
      <ChargesTable data={query.data} loading={query.isFetching} list={list} onEdit={(charge) => setModal({ open: true, charge })} />
      <ChargeFormModal open={modal.open} charge={modal.charge} onClose={() => setModal((current) => ({ ...current, open: false }))} />
    </Flex>
  );
}
