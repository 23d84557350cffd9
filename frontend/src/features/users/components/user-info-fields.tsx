import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusOptions } from '@/features/users/lib/user-status';

const MIN_PASSWORD = 8;
const EMIRATES_ID = /^784-\d{4}-\d{7}-\d$/;

/** The 'User Information' tab. Email, phone, initial password and status only when adding; none of a member's
 * fields (gender, date of birth, passport, NIC). The initial password is the colleague's until their first
 * sign-in, when Gavel makes them choose their own. */
export function UserInfoFields({ adding }: { adding: boolean }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t('users.fullName')} name="fullName" rules={[{ required: true, whitespace: true, message: t('users.fullNameRequired') }]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      {adding && (
        <>
          <Col xs={24} md={12}>
            <Form.Item label={t('users.email')} name="email" rules={[{ required: true, message: t('users.emailRequired') }, { type: 'email', message: t('users.emailInvalid') }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('users.phone')} name="phone" rules={[{ required: true, whitespace: true, message: t('users.phoneRequired') }]}>
              <Input dir="ltr" placeholder="+971 50 123 4567" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('users.initialPassword')}
              extra={t('users.initialPasswordHint')}
              name="password"
              rules={[{ required: true, message: t('password.newRequired') }, { min: MIN_PASSWORD, message: t('password.tooShort') }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('users.statusLabel')} name="userAccountStatus">
              <Select options={statusOptions()} virtual={false} />
            </Form.Item>
          </Col>
        </>
      )}
      <Col xs={24} md={12}>
        <Form.Item label={t('users.emiratesId')} name="emiratesId" rules={[{ pattern: EMIRATES_ID, message: t('users.emiratesIdInvalid') }]}>
          <Input placeholder="784-YYYY-NNNNNNN-N" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('users.homeCountry')} name="homeCountry">
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('users.homeCity')} name="homeCity">
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
    </Row>
  );
}
