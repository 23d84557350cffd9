import { Alert, Col, Form, Input, Radio, Row, type FormInstance } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { DateInput, dateProblem, isDate } from '@/components/date-input';
import type { OutboundCompletion } from '@/features/outbound/api/complete-outbound';
import type { OutboundPayment } from '@/features/outbound/api/get-outbound-payments';
import { PayeeDetails } from '@/features/outbound/components/payee-details';
import { initialCompletion, isBeforeIssue, issuedLast, toCompletion, type CompletionValues } from '@/features/outbound/lib/completion-values';
import { METHODS, methodLabel } from '@/features/outbound/lib/outbound-status';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-message';
import { showFieldErrors } from '@/lib/show-field-errors';

interface CompleteOutboundModalProps {
  /** The payouts and refunds to complete; none: the dialog is closed. */
  payments: OutboundPayment[];
  /** Completes them (one request each); for a single payment a refusal is thrown, so that the dialog shows it. */
  onComplete: (body: OutboundCompletion) => Promise<unknown>;
  onClose: () => void;
}

/**
 * 'Complete OUT-2031-000001': the money left, by bank transfer, cheque or cash, with its reference (unless cash) and
 * when (Dubai time, not in the future, not before the payment was issued). Shows where the money goes: the payee's
 * account name, IBAN and bank, and warns when a bank transfer has no IBAN to go to. A refusal of the server shows
 * at its field or as the dialog's error, and the dialog stays open.
 */
export function CompleteOutboundModal({ payments, onComplete, onClose }: CompleteOutboundModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CompletionValues>();
  const [failure, setFailure] = useState<string>();
  const [shown, setShown] = useState(payments);
  if (payments !== shown) {
    setShown(payments);
    setFailure(undefined);
  }
  const method = Form.useWatch('paymentMethod', form);
  const initialValues = useMemo(() => initialCompletion(payments), [payments]);
  const [first] = payments;
  const last = issuedLast(payments);
  const withoutIban = payments.filter((payment) => !payment.payee?.bankIban).map((payment) => payment.payee?.name ?? payment.member.name);

  const submit = async (values: CompletionValues) => {
    setFailure(undefined);
    try {
      await onComplete(toCompletion(values));
      onClose();
    } catch (error) {
      const { unmatched } = showFieldErrors(form as FormInstance, error);
      if (unmatched) setFailure(errorMessage(error, t('outbound.errors.completeFailed')));
    }
  };

  return (
    <FormModal<CompletionValues>
      open={payments.length > 0}
      title={payments.length === 1 && first ? t('outbound.complete.titleOne', { payment: first.transactionId }) : t('outbound.complete.titleMany', { count: payments.length })}
      form={form}
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onClose}
      okText={t('outbound.complete.submit')}
    >
      <PayeeDetails payments={payments} />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {method === 'bankTransfer' && withoutIban.length > 0 && (
        <Alert type="warning" showIcon title={t('outbound.complete.noIban', { count: withoutIban.length, names: [...new Set(withoutIban)].join(', ') })} style={{ marginBottom: 16 }} />
      )}
      <Form.Item label={t('outbound.complete.method')} name="paymentMethod" rules={[{ required: true, message: t('outbound.complete.methodRequired') }]}>
        <Radio.Group optionType="button" options={METHODS.map((value) => ({ value, label: methodLabel(value) }))} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('outbound.complete.reference')}
            name="paymentReferenceId"
            dependencies={['paymentMethod']}
            extra={t('outbound.complete.referenceHint')}
            rules={[{ required: method !== undefined && method !== 'cash', whitespace: true, message: t('outbound.complete.referenceRequired') }]}
          >
            <Input autoComplete="off" maxLength={80} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('outbound.complete.paidAt')}
            name="paymentDateAndTime"
            extra={t('outbound.complete.paidAtHint')}
            required
            rules={[
              {
                validator: (_, value?: CompletionValues['paymentDateAndTime']) => {
                  const problem = dateProblem(value, { withTime: true, required: t('outbound.complete.paidAtRequired'), notAfter: 'now', afterMessage: (now) => t('outbound.complete.paidAtFuture', { now }) });
                  if (problem !== undefined) return Promise.reject(new Error(problem));
                  if (isDate(value) && last && isBeforeIssue(value, last)) {
                    return Promise.reject(new Error(t('outbound.complete.paidAtBeforeIssue', { payment: last.transactionId, when: formatDateTime(last.paymentDateAndTime) })));
                  }
                  return Promise.resolve();
                },
              },
            ]}
          >
            <DateInput withTime />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
