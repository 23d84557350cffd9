import { useQuery } from '@tanstack/react-query';
import { Flex, Tag, Typography } from 'antd';
import { purchasesQuery } from '@/bidder/api/money';
import { PageState } from '@/bidder/components/page-state';
import { useLocale } from '@/bidder/i18n/locale';
import { Panel } from '@/bidder/components/panel';

/** What I bought and what I owe (read-only). */
export function PurchasesPage() {
  const { t, money, dateTime } = useLocale();
  const purchases = useQuery(purchasesQuery);
  const owed = Number(purchases.data?.owed ?? 0);
  return (
    <>
      <Typography.Title level={4}>{t('purchases.title')}</Typography.Title>
      <PageState
        pending={purchases.isPending}
        error={purchases.error}
        retry={() => void purchases.refetch()}
        empty={purchases.data?.data.length === 0 && owed === 0 && t('purchases.empty')}
      >
        <Panel>
          <Typography.Text strong>{owed > 0 ? t('purchases.owedTotal', { amount: money(purchases.data?.owed) }) : t('purchases.nothingOwed')}</Typography.Text>
        </Panel>
        {purchases.data?.data.map((purchase) => (
          <Panel key={purchase.vehicleId}>
            <Flex justify="space-between" gap={8} align="start">
              <Typography.Text strong>{purchase.title}</Typography.Text>
              {purchase.invoice ? <Tag>{purchase.invoice.status}</Tag> : null}
            </Flex>
            <Typography.Paragraph type="secondary" className="bidder-no-margin">
              {purchase.lotNumber ? `${t('lotList.lotNumber', { number: purchase.lotNumber })} · ` : ''}
              {dateTime(purchase.soldAt)}
            </Typography.Paragraph>
            <Typography.Paragraph className="bidder-no-margin">{t('purchases.soldFor', { amount: money(purchase.soldFor) })}</Typography.Paragraph>
            {purchase.invoice ? (
              <>
                <Typography.Paragraph className="bidder-no-margin">
                  {t('purchases.invoice', { number: purchase.invoice.number })} · {t('purchases.paid', { amount: money(purchase.invoice.paid), total: money(purchase.invoice.total) })}
                </Typography.Paragraph>
                {Number(purchase.invoice.due) > 0 ? (
                  <Typography.Text type="danger">
                    {t('purchases.due', { amount: money(purchase.invoice.due) })}
                    {purchase.invoice.dueAt ? ` · ${t('purchases.dueAt', { date: dateTime(purchase.invoice.dueAt) })}` : ''}
                  </Typography.Text>
                ) : null}
              </>
            ) : (
              <Typography.Text type="secondary">{t('purchases.noInvoice')}</Typography.Text>
            )}
          </Panel>
        ))}
      </PageState>
    </>
  );
}
