import { Col, Divider, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ibanRules } from '@/features/members/lib/member-rules';

/**
 * Where a seller's payouts and a member's refunds go: account name, IBAN and bank. The client checks the IBAN's
 * shape; the server its check digits (a refusal lands on the IBAN field).
 */
export function MemberBankFields() {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t('members.sections.bank')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('members.fields.bankAccountName')} name="bankAccountName" rules={[{ max: 150 }]} extra={t('members.form.bankHint')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('members.fields.bankName')} name="bankName" rules={[{ max: 120 }]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('members.fields.bankIban')} name="bankIban" rules={ibanRules()} extra={t('members.form.ibanHint')}>
            <Input placeholder="AE07 0331 2345 6789 0123 456" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
