import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@/components/date-input';
import { ImageUpload } from '@/features/members/components/image-upload';
import type { MemberFormValues } from '@/features/members/lib/member-form';
import { identityTypeOptions } from '@/features/members/lib/member-options';
import { identityExpiryRules, identityNoRules } from '@/features/members/lib/member-rules';

/** The identity document (type, number, expiry, front and back images), the trade licence image and the photo. */
export function MemberDocumentFields() {
  const { t } = useTranslation();
  const entity = Form.useWatch<MemberFormValues['memberEntity'] | undefined>('memberEntity');
  const images = [
    { name: ['memberProfile', 'identityFrontImage'], label: t('members.fields.identityFrontImage') },
    { name: ['memberProfile', 'identityBackImage'], label: t('members.fields.identityBackImage') },
    ...(entity === 'organization' ? [{ name: ['memberProfile', 'tradeLicenseImage'], label: t('members.fields.tradeLicenseImage') }] : []),
    { name: ['profileImage'], label: t('members.fields.profileImage') },
  ];
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item label={t('members.fields.identityType')} name={['memberProfile', 'identityType']} rules={[{ required: true, message: t('members.form.identityTypeRequired') }]}>
          <Select options={identityTypeOptions()} virtual={false} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('members.fields.memberIdentityNo')} name="memberIdentityNo" rules={identityNoRules()}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('members.fields.identityExpiry')} name={['memberProfile', 'identityExpiry']} rules={identityExpiryRules()}>
          <DateInput />
        </Form.Item>
      </Col>
      {images.map((image) => (
        <Col xs={24} md={12} key={image.name.join('.')}>
          <Form.Item label={image.label} name={image.name}>
            <ImageUpload name={image.label} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
