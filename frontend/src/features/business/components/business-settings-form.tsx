import { Button, Col, Flex, Form, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { NumberInput, numberRules } from '@/components/number-input';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { BusinessSettings } from '@/features/business/api/get-business-settings';
import { useUpdateBusinessSettingsMutation } from '@/features/business/api/update-business-settings';
import { ApprovalFields } from '@/features/business/components/approval-fields';
import { PromotionFields } from '@/features/business/components/promotion-fields';
import { fromSettings, invoiceNumberExample, isIban, isInvoicePrefix, isTrn, toBusinessFields, type BusinessFormValues } from '@/features/business/lib/business-form';

/**
 * The business's details for documents (legal name, TRN, address, phone, email) and its money rules (VAT rate,
 * payment window, free storage days, invoice prefix), how members pay, and the rules of promotions (quiet hours,
 * the opt-out text of promotional SMS) and the deadline of sales on approval; read-only without Settings edit. The server's refusals show
 * at their fields; leaving with unsaved edits asks first.
 */
export function BusinessSettingsForm({ settings }: { settings: BusinessSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canEdit = useCan('Settings', 'edit');
  const [form] = Form.useForm<BusinessFormValues>();
  const update = useUpdateBusinessSettingsMutation();
  const [dirty, setDirty] = useState(false);
  const prefix = Form.useWatch('invoicePrefix', form);

  const submit = (values: BusinessFormValues) =>
    update.mutate(toBusinessFields(values), {
      onSuccess: (saved) => {
        setDirty(false);
        form.setFieldsValue(fromSettings(saved));
        toast.success(t('business.saved'));
      },
      onError: (error) => showError(error, t('business.errors.saveFailed'), form),
    });
  const discard = () => {
    form.resetFields();
    setDirty(false);
  };
  const optional = (check: (value: string) => boolean, message: string) => ({
    validator: (_: unknown, value?: string | null) => (!value || value.trim() === '' || check(value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

  return (
    <Form<BusinessFormValues>
      form={form}
      layout="vertical"
      initialValues={fromSettings(settings)}
      onFinish={submit}
      onValuesChange={() => setDirty(true)}
      disabled={!canEdit}
      scrollToFirstError
      aria-label={t('business.formLabel')}
    >
      <UnsavedChangesGuard when={dirty} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('business.fields.legalName')}
            name="legalName"
            rules={[{ required: true, whitespace: true, message: t('business.rules.legalName') }, { min: 2, max: 150, message: t('business.rules.legalName') }]}
          >
            <Input autoComplete="organization" maxLength={150} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('business.fields.trn')} name="trn" extra={t('business.hints.trn')} rules={[optional(isTrn, t('business.rules.trn'))]}>
            <Input autoComplete="off" inputMode="numeric" maxLength={25} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            label={t('business.fields.address')}
            name="address"
            extra={t('business.hints.address')}
            rules={[{ required: true, whitespace: true, message: t('business.rules.address') }, { min: 5, max: 500, message: t('business.rules.address') }]}
          >
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('business.fields.phone')} name="phone">
            <Input dir="ltr" autoComplete="tel" maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('business.fields.email')} name="email" rules={[{ type: 'email', message: t('business.rules.email') }]}>
            <Input autoComplete="email" maxLength={254} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={t('business.fields.vatRate')} name="vatRate" required rules={numberRules({ required: t('business.rules.vatRate'), decimals: 2, min: 0, max: 100 })}>
            <NumberInput suffix="%" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={t('business.fields.paymentWindowHours')} name="paymentWindowHours" extra={t('business.hints.paymentWindowHours')} required rules={numberRules({ required: t('business.rules.paymentWindowHours'), min: 1, max: 720 })}>
            <NumberInput suffix={t('business.hours')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={t('business.fields.freeStorageDays')} name="freeStorageDays" extra={t('business.hints.freeStorageDays')} required rules={numberRules({ required: t('business.rules.freeStorageDays'), min: 0, max: 60 })}>
            <NumberInput suffix={t('business.days')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            label={t('business.fields.invoicePrefix')}
            name="invoicePrefix"
            extra={t('business.hints.invoicePrefix', { example: invoiceNumberExample(prefix) })}
            normalize={(value?: string) => value?.toUpperCase()}
            rules={[{ required: true, message: t('business.rules.invoicePrefix') }, optional(isInvoicePrefix, t('business.rules.invoicePrefix'))]}
          >
            <Input autoComplete="off" maxLength={10} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5}>{t('business.howToPay')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('business.howToPayHint')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={t('business.fields.bankName')} name="bankName">
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('business.fields.bankAccountName')} name="bankAccountName" extra={t('business.hints.bankAccountName')}>
            <Input autoComplete="off" maxLength={150} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('business.fields.iban')} name="iban" extra={t('business.hints.iban')} rules={[optional(isIban, t('business.rules.iban'))]}>
            <Input autoComplete="off" maxLength={42} />
          </Form.Item>
        </Col>
      </Row>
      <PromotionFields />
      <ApprovalFields />
      {canEdit && (
        <Flex justify="end" gap={8}>
          <Button onClick={discard} disabled={!dirty}>
            {t('business.discard')}
          </Button>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
