import { Col, Form, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberFormValues } from '@/features/members/lib/member-form';
import { entityOptions } from '@/features/members/lib/member-options';
import { emailRules, phoneRules, required, trnRules } from '@/features/members/lib/member-rules';

/** The sentence under the read-only email, which describes both email and phone. */
const CONTACT_HINT = 'member-contact-read-only';

interface MemberIdentityFieldsProps {
  /**
   * When editing: email and phone are shown read-only, filled so that they do not look like fields to type in, with
   * why: they are set when the member is registered and update-member (MemberUpdate) has no email or phone.
   */
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
            <Form.Item label={t('members.fields.email')} htmlFor="member-email" extra={<span id={CONTACT_HINT}>{t('members.form.contactReadOnly')}</span>}>
              <Input id="member-email" value={contact.email} readOnly variant="filled" aria-describedby={CONTACT_HINT} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('members.fields.phone')} htmlFor="member-phone">
              <Input id="member-phone" dir="ltr" value={contact.phone} readOnly variant="filled" aria-describedby={CONTACT_HINT} />
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
              <Input dir="ltr" placeholder="+971 50 123 4567" autoComplete="off" />
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
