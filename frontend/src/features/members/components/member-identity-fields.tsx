import { Col, Form, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberFormValues } from '@/features/members/lib/member-form';
import { entityOptions } from '@/features/members/lib/member-options';
import { emailRules, phoneRules, required, trnRules } from '@/features/members/lib/member-rules';

interface MemberIdentityFieldsProps {
  /** When editing: email and phone are shown read-only (update-member never changes them). */
  contact?: { email: string; phone: string };
}

/** Individual or organization, names, company, email, phone and the TRN of a member registered for VAT. */
export function MemberIdentityFields({ contact }: MemberIdentityFieldsProps) {
  const { t } = useTranslation();
  const entity = Form.useWatch<MemberFormValues['memberEntity'] | undefined>('memberEntity');
  const organization = entity === 'organization';
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item label={t('members.fields.memberEntity')} name="memberEntity" rules={[{ required: true, message: t('members.form.entityRequired') }]}>
          <Radio.Group options={entityOptions()} optionType="button" />
        </Form.Item>
      </Col>
      {organization && (
        <Col xs={24} md={12}>
          <Form.Item label={t('members.fields.companyName')} name="companyName" rules={[required(t('members.form.companyRequired')), { max: 150 }]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} md={12}>
        <Form.Item
          label={organization ? t('members.fields.contactFirstName') : t('members.fields.firstName')}
          name="firstName"
          rules={[required(t('members.form.firstNameRequired')), { max: 80 }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label={organization ? t('members.fields.contactLastName') : t('members.fields.lastName')}
          name="lastName"
          rules={[required(t('members.form.lastNameRequired')), { max: 80 }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      {contact ? (
        <>
          <Col xs={24} md={12}>
            <Form.Item label={t('members.fields.email')} htmlFor="member-email" extra={t('members.form.contactReadOnly')}>
              <Input id="member-email" value={contact.email} readOnly />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('members.fields.phone')} htmlFor="member-phone">
              <Input id="member-phone" value={contact.phone} readOnly />
            </Form.Item>
          </Col>
        </>
      ) : (
        <>
          <Col xs={24} md={12}>
            <Form.Item label={t('members.fields.email')} name="email" rules={emailRules()}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('members.fields.phone')} name="phone" rules={phoneRules()}>
              <Input placeholder="+971 50 123 4567" autoComplete="off" />
            </Form.Item>
          </Col>
        </>
      )}
      <Col xs={24} md={12}>
        <Form.Item label={t('members.fields.trn')} name="trn" rules={trnRules()} extra={t('members.form.trnHint')}>
          <Input inputMode="numeric" placeholder="100234567890003" autoComplete="off" />
        </Form.Item>
      </Col>
    </Row>
  );
}
