import { Col, Descriptions, Form, Input, Radio, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePayableInvoices } from '@/api/find-payable-invoices';
import { useRecordPaymentMutation, type PaymentDone } from '@/api/record-payment';
import { FormModal } from '@/components/form-modal';
import { DateInput, dateRules } from '@/components/date-input';
import { MoneyInput, moneyRules } from '@/components/money-input';
import {
  dubaiWallClockNow,
  isPayable,
  openAmount,
  NO_REFERENCE,
  methodsFor,
  toPaymentRecord,
  type PayableInvoice,
  type RecordPaymentValues,
} from '@/components/record-payment-values';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { formatAed } from '@/lib/money';

interface RecordPaymentModalProps {
  open: boolean;
  /** The invoice the payment is for (from its drawer); without one, the dialog asks for it, searchable by number. */
  invoice?: PayableInvoice;
  onClose: () => void;
  onRecorded?: (answer: PaymentDone) => void;
}

/** The invoice picker's line for an invoice: 'INV-2031-000001 · Khalid Buyer1 · Lot 1000'. */
function invoiceLabel(invoice: PayableInvoice, lot: string): string {
  return `${invoice.invoiceNo} · ${invoice.buyer.name} · ${lot}`;
}

/** The picked invoice's figures: who and what it is for, its total, what was paid, what waits and what is open. */
function InvoiceFigures({ invoice }: { invoice: PayableInvoice }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={2}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'invoice', label: t('payments.record.invoice'), children: invoice.invoiceNo },
        { key: 'buyer', label: t('payments.record.buyer'), children: invoice.buyer.name },
        { key: 'vehicle', label: t('payments.record.vehicle'), children: invoice.vehicle ? `${t('payments.lot', { lot: invoice.vehicle.vehicleLotNumber })} · ${invoice.vehicle.title}` : t('payments.noVehicle') },
        { key: 'total', label: t('payments.record.total'), children: formatAed(invoice.total) },
        { key: 'paid', label: t('payments.record.paid'), children: formatAed(invoice.paidAmount) },
        { key: 'pending', label: t('payments.record.pending'), children: formatAed(invoice.pendingAmount) },
        { key: 'open', label: t('payments.record.open'), children: formatAed(openAmount(invoice)) },
      ]}
    />
  );
}

/**
 * 'Record payment': money received against an invoice (amount at most what is still open, method, reference unless
 * cash, when it arrived on the Dubai clock, never in the future). It counts once another staff user verified it.
 * Shared by the invoice drawer (invoice given) and the inbound payments screen (invoice searched by number).
 */
export function RecordPaymentModal({ open, invoice, onClose, onRecorded }: RecordPaymentModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<RecordPaymentValues>();
  const record = useRecordPaymentMutation();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<PayableInvoice>();
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    setPicked(undefined);
    setSearch('');
  }
  const found = usePayableInvoices(search, open && invoice === undefined);
  const chosen = invoice ?? picked;
  const method = Form.useWatch('paymentMethod', form);
  const lot = (value: PayableInvoice) => (value.vehicle ? t('payments.lot', { lot: value.vehicle.vehicleLotNumber }) : t('payments.noVehicle'));

  const pick = (id: string | undefined) => {
    const next = found.data?.find((candidate) => candidate._id === id);
    setPicked(next);
    form.setFieldValue('amount', next ? openAmount(next) : null);
  };

  const submit = (values: RecordPaymentValues) => {
    const invoiceId = chosen?._id ?? values.invoiceId;
    if (!invoiceId) return;
    record.mutate(toPaymentRecord(values, invoiceId), {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onRecorded?.(answer);
        onClose();
      },
      onError: (error) => showError(error, t('payments.errors.recordFailed'), form),
    });
  };

  const options = (found.data ?? []).map((candidate) => {
    const payable = isPayable(candidate);
    const label = invoiceLabel(candidate, lot(candidate));
    return { value: candidate._id, label: payable ? label : t('payments.record.nothingOpen', { invoice: label }), disabled: !payable };
  });

  return (
    <FormModal<RecordPaymentValues>
      open={open}
      title={invoice ? t('payments.record.titleFor', { invoice: invoice.invoiceNo }) : t('payments.record.title')}
      form={form}
      initialValues={{ invoiceId: invoice?._id, amount: invoice ? openAmount(invoice) : null, paymentDateAndTime: dubaiWallClockNow() }}
      onSubmit={submit}
      onCancel={onClose}
      loading={record.isPending}
      okText={t('payments.record.submit')}
    >
      {invoice === undefined && (
        <Form.Item label={t('payments.record.invoice')} name="invoiceId" rules={[{ required: true, message: t('payments.record.invoiceRequired') }]}>
          <Select<string>
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder={t('payments.record.invoicePlaceholder')}
            options={options}
            loading={found.isFetching}
            notFoundContent={found.isFetching ? undefined : t('payments.record.noInvoices')}
            onChange={pick}
            virtual={false}
          />
        </Form.Item>
      )}
      {chosen && <InvoiceFigures invoice={chosen} />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('payments.record.amount')}
            name="amount"
            required
            rules={moneyRules({
              required: t('payments.record.amountPositive'),
              positive: t('payments.record.amountPositive'),
              max: chosen ? { amount: openAmount(chosen), message: (open) => t('payments.record.amountTooMuch', { open, invoice: chosen.invoiceNo }) } : undefined,
            })}
          >
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('payments.record.receivedAt')}
            name="paymentDateAndTime"
            extra={t('payments.record.receivedAtHint')}
            required
            rules={dateRules({ withTime: true, required: t('payments.record.receivedAtRequired'), notAfter: 'now', afterMessage: (now) => t('payments.record.receivedAtFuture', { now }) })}
          >
            <DateInput withTime />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('payments.record.method')} name="paymentMethod" rules={[{ required: true, message: t('payments.record.methodRequired') }]}>
        <Radio.Group optionType="button" options={methodsFor(chosen).map((value) => ({ value, label: t(`payments.method.${value}`) }))} />
      </Form.Item>
      <Form.Item
        label={t('payments.record.reference')}
        name="paymentReferenceId"
        dependencies={['paymentMethod']}
        extra={t('payments.record.referenceHint')}
        rules={[{ required: method !== undefined && !NO_REFERENCE.includes(method), whitespace: true, message: t('payments.record.referenceRequired') }]}
      >
        <Input autoComplete="off" maxLength={80} />
      </Form.Item>
    </FormModal>
  );
}
