import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { MoneyInput, moneyProblem, moneyRules, readMoney } from '@/components/money-input';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useCreatePlanMutation } from '@/features/plans/api/create-plan';
import type { Plan } from '@/features/plans/api/list-plans';
import { useUpdatePlanMutation } from '@/features/plans/api/update-plan';
import { fromPlan, toPlanFields, type PlanFormValues } from '@/features/plans/lib/plan-form';

interface PlanFormModalProps {
  open: boolean;
  plan?: Plan;
  onClose: () => void;
}

/** Create or edit a security plan: amounts in AED, the discounted price at most the plan amount. */
export function PlanFormModal({ open, plan, onClose }: PlanFormModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<PlanFormValues>();
  const create = useCreatePlanMutation();
  const update = useUpdatePlanMutation();
  const creating = plan === undefined;

  const done = (message: string) => () => {
    toast.success(message);
    onClose();
  };
  const submit = (values: PlanFormValues) => {
    const body = toPlanFields(values);
    if (creating) {
      create.mutate(body, { onSuccess: done(t('plans.created')), onError: (error) => showError(error, t('errors.addPlanFailed'), form) });
    } else {
      update.mutate({ id: plan._id, body }, { onSuccess: done(t('plans.updated')), onError: (error) => showError(error, t('errors.updatePlanFailed'), form) });
    }
  };
  const amountRules = moneyRules({ required: t('plans.amountPositive'), positive: t('plans.amountPositive') });

  return (
    <FormModal<PlanFormValues>
      open={open}
      title={creating ? t('plans.addTitle') : t('plans.editTitle')}
      form={form}
      initialValues={plan ? fromPlan(plan) : {}}
      onSubmit={submit}
      onCancel={onClose}
      loading={create.isPending || update.isPending}
      okText={creating ? t('plans.addSubmit') : t('common.save')}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('plans.name')} name="name" rules={[{ required: true, whitespace: true, message: t('plans.nameRequired') }]}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('plans.tag')} name="tag">
            <Input autoComplete="off" maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('plans.planAmount')} name="planAmount" required rules={amountRules}>
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('plans.amountAfterDiscount')}
            name="amountAfterDiscount"
            dependencies={['planAmount']}
            rules={[({ getFieldValue }) => ({
              validator: (_, value?: string | null) => {
                const planAmount = readMoney(getFieldValue('planAmount') as string | null);
                const problem = moneyProblem(value, planAmount === null ? {} : { max: { amount: planAmount, message: () => t('plans.discountTooHigh') } });
                return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
              },
            })]}
          >
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('plans.buyingPower')} name="buyingPower" required rules={amountRules}>
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label={t('plans.description')} name="description">
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
