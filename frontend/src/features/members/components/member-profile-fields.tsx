import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@/components/date-input';
import type { MemberFormValues } from '@/features/members/lib/member-form';
import { emirateOptions } from '@/features/members/lib/member-options';
import { dobRules, tradeLicenseExpiryRules } from '@/features/members/lib/member-rules';

/** Nationality, address, emirate and city; date of birth (individuals) or trade licence (organizations). */
export function MemberProfileFields() {
  const { t } = useTranslation();
  const entity = Form.useWatch<MemberFormValues['memberEntity'] | undefined>('memberEntity');
  const organization = entity === 'organization';
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t('members.fields.nationality')} name={['memberProfile', 'nationality']} rules={[{ max: 60 }]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      {organization ? (
        <>
          <Col xs={24} md={12}>
            <Form.Item label={t('members.fields.tradeLicenseNumber')} name={['memberProfile', 'tradeLicenseNumber']} rules={[{ max: 40 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('members.fields.tradeLicenseExpiry')} name={['memberProfile', 'tradeLicenseExpiry']} rules={tradeLicenseExpiryRules()}>
              <DateInput />
            </Form.Item>
          </Col>
        </>
      ) : (
        <Col xs={24} md={12}>
          <Form.Item label={t('members.fields.dob')} name={['memberProfile', 'dob']} rules={dobRules()}>
            <DateInput />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} md={12}>
        <Form.Item label={t('members.fields.emirate')} name={['memberProfile', 'emirate']}>
          <Select options={emirateOptions()} allowClear virtual={false} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('members.fields.city')} name={['memberProfile', 'city']} rules={[{ max: 80 }]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label={t('members.fields.address')} name={['memberProfile', 'address']} rules={[{ max: 300 }]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
      </Col>
    </Row>
  );
}
