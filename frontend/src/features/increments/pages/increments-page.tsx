import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useIncrementTable } from '@/features/increments/api/get-increment-table';
import { IncrementTableForm } from '@/features/increments/components/increment-table-form';
import { formatDateTime } from '@/lib/dates';

/** /bid-increments (Settings → Bid increments): the asking price's step by price band, for lots opened from now on. */
export function IncrementsPage() {
  const { t } = useTranslation();
  const query = useIncrementTable();
  useErrorToast(query.error, t('increments.errors.fetchFailed'));
  const table = query.data;
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('increments.title')} />
      <Alert type="info" showIcon title={t('increments.appliesLater')} description={t('increments.offHint')} />
      <Card loading={query.isPending}>
        {table && (
          <Flex vertical gap={16}>
            <Typography.Text type="secondary">
              {table.updatedAt && table.updatedBy
                ? t('increments.lastChanged', { when: formatDateTime(table.updatedAt), who: table.updatedBy.name })
                : t('increments.neverChanged')}
            </Typography.Text>
            {/* A new version (saved here or reloaded after someone else's save) starts the form over from it. */}
            <IncrementTableForm key={table.version} table={table} onReload={() => void query.refetch()} />
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
