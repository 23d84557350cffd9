import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Refundable } from '@/features/members/api/get-member-refundable';
import { MemberInvoiceLink } from '@/features/members/components/member-invoice-link';
import { documentKindLabel, invoiceStateLabel } from '@/features/members/lib/money-labels';
import { formatAed } from '@/lib/money';

/**
 * What the member still owes, invoice by invoice (a sale's storage days and late fee included), as the refund rule
 * counts it: the deposit is refunded once nothing is. Shown in the deposit panel and atop the refund dialog.
 */
export function RefundOwed({ refundable }: { refundable: Refundable }) {
  const { t } = useTranslation();
  if (refundable.owed.length === 0) {
    return <Alert type="success" showIcon title={t('members.refund.owedNothing')} style={{ marginBottom: 16 }} />;
  }
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('members.refund.owedTotal', { amount: formatAed(refundable.owedTotal), count: refundable.owed.length })}
      description={
        <Flex vertical gap={2} role="list" aria-label={t('members.refund.owedList')}>
          {refundable.owed.map((invoice) => (
            <span key={invoice._id} role="listitem">
              <MemberInvoiceLink id={invoice._id} number={invoice.invoiceNo} />{' '}
              <Typography.Text type="secondary">
                {t('members.refund.owedLine', { kind: documentKindLabel(invoice.kind), state: invoiceStateLabel(invoice.status), amount: formatAed(invoice.dueAmount) })}
              </Typography.Text>
            </span>
          ))}
        </Flex>
      }
    />
  );
}
