import { EditOutlined } from '@ant-design/icons';
import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { DataTable } from '@/components/data-table';
import { IconButton } from '@/components/icon-button';
import type { Charge, ChargeList } from '@/features/charges/api/get-charges';
import { ChargeActiveSwitch } from '@/features/charges/components/charge-active-switch';
import { ChargeBulkActions } from '@/features/charges/components/charge-bulk-actions';
import type { ChargeFilter } from '@/features/charges/components/charges-toolbar';
import { appliesToLabel, kindLabel, priceBand } from '@/features/charges/lib/charge-form';
import { formatAed } from '@/lib/money';
import type { ListControls } from '@/lib/use-list-params';

interface ChargesTableProps {
  data: ChargeList | undefined;
  loading: boolean;
  list: ListControls<ChargeFilter>;
  onEdit: (charge: Charge) => void;
}

export function ChargesTable({ data, loading, list, onEdit }: ChargesTableProps) {
  const { t } = useTranslation();
  const canEdit = useCan('Settings', 'edit');
  const canStatus = useCan('Settings', 'updateStatus');
  const canDelete = useCan('Settings', 'delete');

  const columns: TableColumnsType<Charge> = [
    { key: 'title', title: t('charges.titleLabel'), dataIndex: 'title', fixed: 'start', sorter: true },
    { key: 'charges', title: t('charges.amount'), sorter: true, align: 'end', render: (_, charge) => formatAed(charge.charges) },
    { key: 'appliesTo', title: t('charges.appliesTo'), sorter: true, render: (_, charge) => appliesToLabel(charge.appliesTo) },
    { key: 'kind', title: t('charges.kind'), sorter: true, render: (_, charge) => kindLabel(charge.kind) },
    { key: 'minPrice', title: t('charges.priceBand'), sorter: true, render: (_, charge) => priceBand(charge) },
    { key: 'isActive', title: t('common.active'), render: (_, charge) => <ChargeActiveSwitch charge={charge} /> },
    {
      key: 'description',
      title: t('charges.description'),
      render: (_, charge) => (
        <Typography.Text type="secondary" ellipsis={{ tooltip: charge.description }} style={{ maxWidth: 220 }}>
          {charge.description ?? t('common.notAvailable')}
        </Typography.Text>
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      render: (_, charge) => <IconButton icon={<EditOutlined />} label={t('charges.editNamed', { name: charge.title })} onClick={() => onEdit(charge)} />,
    });
  }

  return (
    <DataTable<Charge> listKey="charges" cardColumns={['title', 'charges', 'appliesTo']}
      aria-label={t('charges.tableLabel')}
      columns={columns}
      rows={data?.data}
      total={data?.totalMatching ?? 0}
      loading={loading}
      list={list}
      rowName={(charge) => charge.title}
      bulkActions={canStatus || canDelete ? (ids, clear) => <ChargeBulkActions ids={ids} onDone={clear} /> : undefined}
    />
  );
}
