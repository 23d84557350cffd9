import { Alert, Form, Input, Radio, Select, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { MoneyInput } from '@/components/money-input';
import { useToast } from '@/components/use-toast';
import { useMemberInvoices } from '@/features/members/api/get-member-invoices';
import type { Refundable } from '@/features/members/api/get-member-refundable';
import { useRequestRefundMutation, type RefundKind } from '@/features/members/api/request-refund';
import { RefundOwed } from '@/features/members/components/refund-owed';
import { invoiceStateLabel } from '@/features/members/lib/money-labels';
import {
  defaultAmount,
  kindRefusal,
  needsInvoice,
  nothingRefundable,
  newRefundValues,
  REFUND_KINDS,
  REFUND_METHODS,
  REFUND_REASON_MAX,
  refundableFor,
  refundAmountRules,
  refundReasonRules,
  toRefundRequest,
  type RefundValues,
} from '@/features/members/lib/refund-form';
import { errorMessage } from '@/lib/error-message';
import { formatAed } from '@/lib/money';
import { showFieldErrors } from '@/lib/show-field-errors';

interface MemberRefundModalProps {
  open: boolean;
  memberId: string;
  /** The deposit held now: a deposit refund's amount starts from it and cannot be more. */
  depositHeld: number;
  /** What is owed and what can be refunded, by the server's refund rule (none while unknown: the server decides). */
  refundable?: Refundable;
  onClose: () => void;
}

/** Enough of the member's invoices to pick from (the API's largest page), newest first. */
const INVOICE_LIMIT = 100;

/**
 * 'Request refund': a deposit refund (when the member leaves), an overpayment or a cancelled sale, with amount,
 * method and reason; Pending until another staff user completes it. The server's refusals show at their field,
 * or in the dialog when they belong to none (409: more than held, an invoice still open).
 */
export function MemberRefundModal({ open, memberId, depositHeld, refundable, onClose }: MemberRefundModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [form] = Form.useForm<RefundValues>();
  const request = useRequestRefundMutation();
  const [problem, setProblem] = useState<string>();
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    setProblem(undefined);
  }
  const kind = Form.useWatch('refundKind', form) ?? newRefundValues(depositHeld).refundKind;
  const refused = refundable ? kindRefusal(refundable, kind) : undefined;
  const nothing = refundable !== undefined && nothingRefundable(refundable);
  const invoices = useMemberInvoices(memberId, 1, INVOICE_LIMIT, open && needsInvoice(kind));
  const options = (invoices.data?.data ?? [])
    .filter((invoice) => refundableFor(kind, invoice))
    .map((invoice) => ({
      value: invoice._id,
      label: t('members.refund.invoiceOption', { invoice: invoice.invoiceNo, state: invoiceStateLabel(invoice.status), paid: formatAed(invoice.paidAmount) }),
    }));

  const chooseKind = (next: RefundKind) => {
    form.setFieldsValue({ refundedAmount: defaultAmount(next, depositHeld), invoiceId: null });
    setProblem(undefined);
  };

  const submit = (values: RefundValues) => {
    if (refused) return; // Enter in a field: the dialog already says why the server refuses it
    setProblem(undefined);
    request.mutate(toRefundRequest(values, memberId), {
      onSuccess: (answer) => {
        toast.success(t('members.refund.requested', { number: answer.data.transactionId }));
        onClose();
      },
      onError: (error) => {
        // The server's field errors at their fields; a refusal of no field (409) in the dialog, not a toast.
        const { unmatched } = showFieldErrors(form as FormInstance, error);
        if (unmatched) setProblem(errorMessage(error, t('members.errors.refundFailed')));
      },
    });
  };

  return (
    <FormModal<RefundValues>
      open={open}
      title={t('members.refund.title')}
      form={form}
      initialValues={newRefundValues(depositHeld)}
      onSubmit={submit}
      onCancel={onClose}
      loading={request.isPending}
      okText={t('members.refund.submit')}
      okDisabled={refused !== undefined}
    >
      {refundable && <RefundOwed refundable={refundable} />}
      {refused && <Alert type={nothing ? 'error' : 'warning'} showIcon title={nothing ? t('members.refund.nothingRefundable') : refused} description={nothing ? refused : undefined} style={{ marginBottom: 16 }} />}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form.Item label={t('members.refund.kind')} name="refundKind" rules={[{ required: true, message: t('members.refund.kindRequired') }]}>
        <Radio.Group optionType="button" options={REFUND_KINDS.map((value) => ({ value, label: t(`members.refund.kinds.${value}`) }))} onChange={(event) => chooseKind(event.target.value as RefundKind)} />
      </Form.Item>
      {needsInvoice(kind) && (
        <Form.Item label={t('members.refund.invoice')} name="invoiceId" extra={t(`members.refund.invoiceHint.${kind === 'cancelledSale' ? 'cancelledSale' : 'overpayment'}`)} rules={[{ required: true, message: t('members.refund.invoiceRequired') }]}>
          <Select<string>
            options={options}
            loading={invoices.isFetching}
            placeholder={t('members.refund.invoicePlaceholder')}
            notFoundContent={invoices.isFetching ? undefined : t('members.refund.noInvoices')}
            virtual={false}
          />
        </Form.Item>
      )}
      <Form.Item
        label={t('members.refund.amount')}
        name="refundedAmount"
        required
        extra={kind === 'deposit' ? t('members.refund.depositHeld', { amount: formatAed(depositHeld) }) : undefined}
        rules={refundAmountRules(kind, depositHeld)}
      >
        <MoneyInput />
      </Form.Item>
      <Form.Item label={t('members.refund.method')} name="refundMethod" rules={[{ required: true, message: t('members.refund.methodRequired') }]}>
        <Radio.Group optionType="button" options={REFUND_METHODS.map((value) => ({ value, label: t(`members.money.methods.${value}`) }))} />
      </Form.Item>
      <Form.Item label={t('members.refund.reason')} name="refundReason" rules={refundReasonRules()}>
        <Input.TextArea rows={3} maxLength={REFUND_REASON_MAX} showCount />
      </Form.Item>
    </FormModal>
  );
}
