import { Checkbox, Col, Divider, Form, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The language of the member's messages (English or Arabic) and their consent to promotions on each channel (off
 * until they agree; an inbound STOP takes it back). Messages about their own affairs need no consent.
 */
export function MemberMessagingFields() {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t('alerts.member.section')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={t('alerts.member.language')} name="preferredLanguage">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'en', label: t('alerts.language.en') },
                { value: 'ar', label: t('alerts.language.ar') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item label={t('alerts.member.consents')} extra={t('alerts.member.consentHint')} style={{ marginBottom: 0 }}>
            <Row role="group" aria-label={t('alerts.member.consents')}>
              <Form.Item name="promoConsentSms" valuePropName="checked" noStyle>
                <Checkbox>{t('alerts.member.consentSms')}</Checkbox>
              </Form.Item>
              <Form.Item name="promoConsentWhatsapp" valuePropName="checked" noStyle>
                <Checkbox>{t('alerts.member.consentWhatsapp')}</Checkbox>
              </Form.Item>
              <Form.Item name="promoConsentEmail" valuePropName="checked" noStyle>
                <Checkbox>{t('alerts.member.consentEmail')}</Checkbox>
              </Form.Item>
            </Row>
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
