import { RollbackOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { useMemberBuyingPower } from '@/features/members/api/get-member-buying-power';
import { useMemberRefundable } from '@/features/members/api/get-member-refundable';
import { MemberInvoiceLink } from '@/features/members/components/member-invoice-link';
import { MemberRefundModal } from '@/features/members/components/member-refund-modal';
import { RefundOwed } from '@/features/members/components/refund-owed';
import { buyingPowerReason } from '@/features/members/lib/buying-power-reason';
import { errorMessage } from '@/lib/error-message';
import { formatAed } from '@/lib/money';

/**
 * 'Deposit and buying power': the plan (its buying power and the deposit it needs), the deposit held, unpaid
 * purchases, an overdue invoice and the buying power available, with one sentence saying why (Members view); what is
 * still owed, by the refund rule (Payments view). 'Request refund' for a role with Payments add.
 */
export function MemberBuyingPowerPanel({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const canRefund = useCan('Payments', 'add');
  const canViewPayments = useCan('Payments', 'view');
  const query = useMemberBuyingPower(memberId);
  const refundable = useMemberRefundable(memberId, canViewPayments);
  const [refunding, setRefunding] = useState(false);
  const title = t('members.buyingPower.title');
  const power = query.data;

  let body;
  if (power) {
    const reason = buyingPowerReason(power);
    const overdue = power.overdueInvoice;
    body = (
      <>
        <Alert type={reason.tone} showIcon title={reason.text} style={{ marginBottom: 16 }} />
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'plan', label: t('members.buyingPower.plan'), children: power.plan?.name ?? t('members.buyingPower.noPlan') },
            { key: 'planPower', label: t('members.buyingPower.planPower'), children: power.plan ? formatAed(power.plan.buyingPower) : t('common.notAvailable') },
            { key: 'required', label: t('members.buyingPower.requiredDeposit'), children: power.plan ? formatAed(power.plan.requiredDeposit) : t('common.notAvailable') },
            { key: 'held', label: t('members.buyingPower.depositHeld'), children: formatAed(power.depositHeld) },
            { key: 'unpaid', label: t('members.buyingPower.unpaidPurchases'), children: formatAed(power.unpaidPurchases) },
            {
              key: 'overdue',
              label: t('members.buyingPower.overdueInvoice'),
              children: overdue ? (
                <span>
                  <MemberInvoiceLink id={overdue._id} number={overdue.invoiceNo} /> <Typography.Text type="danger">{t('members.money.daysOverdue', { count: overdue.daysOverdue })}</Typography.Text>
                </span>
              ) : (
                t('members.buyingPower.noOverdue')
              ),
            },
            {
              key: 'available',
              label: t('members.buyingPower.available'),
              children: <Typography.Text strong>{formatAed(power.available)}</Typography.Text>,
            },
          ]}
        />
        {refundable.data && (
          <div style={{ marginTop: 16 }}>
            <RefundOwed refundable={refundable.data} />
          </div>
        )}
      </>
    );
  } else if (query.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={errorMessage(query.error, t('members.errors.buyingPowerFailed'))}
        action={<Button onClick={() => void query.refetch()}>{t('members.money.retry')}</Button>}
      />
    );
  } else {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  }

  return (
    <section aria-label={title}>
      <Card
        title={title}
        extra={
          canRefund && (
            <Button icon={<RollbackOutlined />} onClick={() => setRefunding(true)}>
              {t('members.refund.button')}
            </Button>
          )
        }
      >
        {body}
      </Card>
      {canRefund && <MemberRefundModal open={refunding} memberId={memberId} depositHeld={power?.depositHeld ?? 0} refundable={refundable.data} onClose={() => setRefunding(false)} />}
    </section>
  );
}
