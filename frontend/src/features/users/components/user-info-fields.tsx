import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { statusOptions } from '@/features/users/lib/user-status';

const MIN_PASSWORD = 8;
const EMIRATES_ID = /^784-\d{4}-\d{7}-\d$/;

/** The 'User Information' tab. Email, phone, initial password and status only when adding. */
export function UserInfoFields({ adding }: { adding: boolean }) {
  const { t } = useTranslation();
  const genders = (['M', 'F', 'X'] as const).map((value) => ({ value, label: t(`users.gender.${value}`) }));
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
              <Input placeholder="+971 50 123 4567" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('users.initialPassword')}
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
        <Form.Item label={t('users.dob')} name="dob">
          <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} disabledDate={(day) => day.isAfter(dayjs().subtract(18, 'year'))} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('users.genderLabel')} name="gender">
          <Select options={genders} allowClear virtual={false} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('users.emiratesId')} name="emiratesId" rules={[{ pattern: EMIRATES_ID, message: t('users.emiratesIdInvalid') }]}>
          <Input placeholder="784-YYYY-NNNNNNN-N" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('users.passportNumber')} name="passportNumber">
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('users.nicNumber')} name="nicNumber">
          <Input autoComplete="off" />
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
