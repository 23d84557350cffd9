import { Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OutboundPayment } from '@/features/outbound/api/get-outbound-payments';
import { formatIban, paymentKindLabel } from '@/features/outbound/lib/outbound-status';
import { formatAed } from '@/lib/money';

type Shown = Pick<OutboundPayment, '_id' | 'transactionId' | 'kind' | 'refundKind' | 'amount' | 'payee' | 'member' | 'invoice'>;

/** The payee's bank account as it is on file now ('None on file' when a detail is missing). */
function useBankText() {
  const { t } = useTranslation();
  const none = t('outbound.complete.noBankDetails');
  return {
    none,
    iban: (payment: Shown) => (payment.payee?.bankIban ? formatIban(payment.payee.bankIban) : none),
    name: (payment: Shown) => payment.payee?.bankAccountName || none,
    bank: (payment: Shown) => payment.payee?.bankName || none,
  };
}

/** One payment to complete: who is paid, how much, for which document, and the bank account it goes to. */
function OnePayee({ payment }: { payment: Shown }) {
  const { t } = useTranslation();
  const bank = useBankText();
  return (
    <Descriptions
      size="small"
      column={2}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'payee', label: t('outbound.complete.payee'), children: payment.payee?.name ?? payment.member.name },
        { key: 'amount', label: t('outbound.complete.amount'), children: `${formatAed(payment.amount)} · ${paymentKindLabel(payment)}` },
        { key: 'document', label: t('outbound.complete.document'), children: payment.invoice.invoiceNo, span: 2 },
        { key: 'accountName', label: t('outbound.complete.accountName'), children: bank.name(payment) },
        { key: 'bank', label: t('outbound.complete.bank'), children: bank.bank(payment) },
        { key: 'iban', label: t('outbound.complete.iban'), children: bank.iban(payment), span: 2 },
      ]}
    />
  );
}

/** Several payments to complete, a line each, and what they come to. */
function ManyPayees({ payments }: { payments: Shown[] }) {
  const { t } = useTranslation();
  const bank = useBankText();
  const fils = payments.reduce((sum, payment) => sum + Math.round(payment.amount * 100), 0);
  return (
    <Flex vertical gap={4} style={{ marginBottom: 16 }}>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {payments.map((payment) => (
          <li key={payment._id}>
            {payment.transactionId} · {payment.payee?.name ?? payment.member.name} · {formatAed(payment.amount)} · {t('outbound.complete.iban')} {bank.iban(payment)}
          </li>
        ))}
      </ul>
      <Typography.Text strong>{t('outbound.complete.total', { count: payments.length, amount: formatAed(fils / 100) })}</Typography.Text>
    </Flex>
  );
}

/** Who the money goes to: the payee's bank details for one payment, a line per payment for several. */
export function PayeeDetails({ payments }: { payments: Shown[] }) {
  const [first] = payments;
  if (!first) return null;
  return payments.length === 1 ? <OnePayee payment={first} /> : <ManyPayees payments={payments} />;
}
