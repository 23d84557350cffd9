import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalView } from '@/api/lot-types';
import { FormModal } from '@/components/form-modal';
import { MoneyInput, moneyRules, moneyValue, readMoney } from '@/components/money-input';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useRecordApprovalMutation } from '@/features/auctions/api/on-approval';
import { lotName } from '@/lib/lot-labels';
import { formatAed } from '@/lib/money';
import { compareAmounts } from '@/lib/money-text';
import '@/lib/i18n/strings/lots';

interface CounterValues {
  amount: string | null;
  note?: string;
}

/** 'Counter-offer': the price the seller would sell for, above the highest bid. The buyer then accepts it or not. */
export function CounterOfferModal({ approval, open, onClose }: { approval: ApprovalView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<CounterValues>();
  const record = useRecordApprovalMutation();
  const lot = lotName(approval.lot);

  const submit = (values: CounterValues) => {
    const amount = moneyValue(values.amount);
    if (amount === null) return;
    const note = values.note?.trim();
    record.mutate(
      { lotId: approval.lot.id, body: { decision: 'counter', amount, ...(note ? { note } : {}) } },
      {
        onSuccess: () => {
          toast.success(t('lots.approval.countered', { lot, amount: formatAed(amount) }));
          onClose();
        },
        onError: (error) => showError(error, t('lots.errors.approvalFailed'), form),
      },
    );
  };

  return (
    <FormModal<CounterValues>
      open={open}
      title={t('lots.approval.counterTitle', { lot })}
      form={form}
      initialValues={{ amount: null }}
      onSubmit={submit}
      onCancel={onClose}
      okText={t('lots.approval.counterSubmit')}
      width={520}
    >
      <Typography.Paragraph type="secondary">
        {t('lots.approval.counterIntro', { price: formatAed(approval.price), reserve: formatAed(approval.reservePrice), buyer: approval.buyer?.name ?? t('lots.approval.noBuyer') })}
      </Typography.Paragraph>
      <Form.Item
        label={t('lots.approval.counterAmount')}
        name="amount"
        required
        rules={[
          ...moneyRules({ required: t('lots.approval.counterRequired') }),
          {
            validator: (_, text?: string | null) => {
              const amount = readMoney(text);
              return amount === null || compareAmounts(amount, approval.price) > 0
                ? Promise.resolve()
                : Promise.reject(new Error(t('lots.approval.counterNotAbovePrice', { price: formatAed(approval.price) })));
            },
          },
        ]}
      >
        <MoneyInput aria-label={t('lots.approval.counterAmount')} autoFocus />
      </Form.Item>
      <Form.Item label={t('lots.approval.note')} name="note" rules={[{ max: 500, message: t('lots.approval.noteLength') }]}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}
