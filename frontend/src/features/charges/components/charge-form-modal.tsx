import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { MoneyInput, moneyProblem, moneyRules, readMoney } from '@/components/money-input';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useCreateChargeMutation } from '@/features/charges/api/create-charge';
import type { Charge } from '@/features/charges/api/get-charges';
import { useUpdateChargeMutation } from '@/features/charges/api/update-charge';
import { appliesToLabel, fromCharge, kindOptions, newChargeValues, toChargeCreate, toChargeFields, type ChargeFormValues } from '@/features/charges/lib/charge-form';
import { errorMessage } from '@/lib/error-message';

interface ChargeFormModalProps {
  open: boolean;
  charge?: Charge;
  onClose: () => void;
}

/** Add or edit a charge: title, fee in AED, who pays it, what for (its kind), an optional sale price band, description. */
export function ChargeFormModal({ open, charge, onClose }: ChargeFormModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<ChargeFormValues>();
  const create = useCreateChargeMutation();
  const update = useUpdateChargeMutation();
  const adding = charge === undefined;

  const done = (message: string) => () => {
    toast.success(message);
    onClose();
  };
  /** Field errors at their fields; an overlapping band also in a toast, whose sentence names the other charge. */
  const failed = (fallback: string) => (error: unknown) => {
    const marked = showError(error, fallback, form);
    if (marked.some(([field]) => field === 'minPrice' || field === 'maxPrice')) toast.error(errorMessage(error, fallback));
  };
  const submit = (values: ChargeFormValues) => {
    if (adding) {
      create.mutate(toChargeCreate(values), { onSuccess: done(t('charges.created')), onError: failed(t('errors.addChargeFailed')) });
    } else {
      update.mutate({ id: charge._id, body: toChargeFields(values) }, { onSuccess: done(t('charges.updated')), onError: failed(t('errors.updateChargeFailed')) });
    }
  };

  return (
    <FormModal<ChargeFormValues>
      open={open}
      title={adding ? t('charges.addTitle') : t('charges.editTitle')}
      form={form}
      initialValues={charge ? fromCharge(charge) : newChargeValues()}
      onSubmit={submit}
      onCancel={onClose}
      loading={create.isPending || update.isPending}
      okText={adding ? t('charges.addSubmit') : t('common.save')}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('charges.titleLabel')} name="title" rules={[{ required: true, whitespace: true, message: t('charges.titleRequired') }]}>
            <Input autoComplete="off" maxLength={120} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('charges.amount')}
            name="charges"
            required
            rules={moneyRules({ required: t('charges.amountPositive'), positive: t('charges.amountPositive') })}
          >
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('charges.appliesTo')} name="appliesTo" rules={[{ required: true, message: t('charges.appliesToRequired') }]}>
            <Select options={['buyer', 'seller'].map((value) => ({ value, label: appliesToLabel(value) }))} virtual={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('charges.kind')} name="kind" extra={t('charges.kindHint')} rules={[{ required: true, message: t('charges.kindRequired') }]}>
            <Select options={kindOptions()} virtual={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('charges.minPrice')} name="minPrice" rules={moneyRules()}>
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('charges.maxPrice')}
            name="maxPrice"
            dependencies={['minPrice']}
            rules={[({ getFieldValue }) => ({
              validator: (_, value?: string | null) => {
                const min = readMoney(getFieldValue('minPrice') as string | null);
                const problem = moneyProblem(value, min === null ? {} : { min: { amount: min, message: () => t('charges.bandInvalid') } });
                return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
              },
            })]}
          >
            <MoneyInput />
          </Form.Item>
        </Col>
        {adding && (
          <Col xs={24} md={12}>
            <Form.Item label={t('common.active')} name="isActive" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item label={t('charges.description')} name="description">
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
