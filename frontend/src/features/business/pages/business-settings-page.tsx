import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useBusinessSettings } from '@/features/business/api/get-business-settings';
import { BusinessSettingsForm } from '@/features/business/components/business-settings-form';
import { formatDateTime } from '@/lib/dates';
import '@/lib/i18n/strings/business';

/** /business-settings (Settings → Business): what tax invoices print and the rules of money in, for invoices issued from now on. */
export function BusinessSettingsPage() {
  const { t } = useTranslation();
  const query = useBusinessSettings();
  useErrorToast(query.error, t('business.errors.fetchFailed'));
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('business.title')} />
      <Alert type="info" showIcon title={t('business.appliesLater')} />
      <Card loading={query.isPending}>
        {query.data && (
          <Flex vertical gap={16}>
            <Typography.Text type="secondary">{t('business.lastChanged', { when: formatDateTime(query.data.updatedAt) })}</Typography.Text>
            <BusinessSettingsForm settings={query.data} />
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
