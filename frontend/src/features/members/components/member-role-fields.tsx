import { Checkbox, Col, Form, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAed } from '@/lib/money';
import { usePlanOptions } from '@/features/members/api/get-plan-options';
import type { MemberFormValues } from '@/features/members/lib/member-form';
import { memberTypeOptions, sellerTypeOptions } from '@/features/members/lib/member-options';
import { memberTypesRules } from '@/features/members/lib/member-rules';

/**
 * Seller and/or buyer, the seller type (sellers only) and the security plan; the trusted mark too when adding
 * (the detail page has its own switch for it).
 */
export function MemberRoleFields({ withTrusted }: { withTrusted: boolean }) {
  const { t } = useTranslation();
  const plans = usePlanOptions();
  const types = Form.useWatch<MemberFormValues['memberTypes'] | undefined>('memberTypes');
  const seller = types?.includes('seller') ?? false;
  const planOptions = (plans.data ?? []).map((plan) => ({
    value: plan._id,
    label: t('members.fields.planOption', { name: plan.name, power: formatAed(plan.buyingPower) }),
  }));
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t('members.fields.memberTypes')} name="memberTypes" rules={memberTypesRules()}>
          <Checkbox.Group options={memberTypeOptions()} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('members.fields.securityPlan')} name="securityPlan" extra={t('members.form.planHint')}>
          <Select options={planOptions} allowClear loading={plans.isPending} placeholder={t('members.form.noPlan')} virtual={false} />
        </Form.Item>
      </Col>
      {seller && (
        <>
          <Col xs={24} md={12}>
            <Form.Item label={t('members.fields.sellerType')} name="sellerType">
              <Select options={sellerTypeOptions()} allowClear placeholder={t('members.form.chooseSellerType')} virtual={false} />
            </Form.Item>
          </Col>
          {withTrusted && (
            <Col xs={24} md={12}>
              <Form.Item label={t('members.fields.isTrustedSeller')} name="isTrustedSeller" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          )}
        </>
      )}
    </Row>
  );
}
