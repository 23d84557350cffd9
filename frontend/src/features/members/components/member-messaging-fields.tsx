import { Col, Divider, Form, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The language of the member's messages (English or Arabic). Consent to promotions is no field of the form: it is
 * recorded on the member's page ('Promotions consent'), with how it was given; the hint says so.
 */
export function MemberMessagingFields() {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t('alerts.member.section')}</Divider>
      <Row gutter={16}>
        <Col xs={24}>
          <Form.Item label={t('alerts.member.language')} name="preferredLanguage" extra={t('members.consent.formHint')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'en', label: t('alerts.language.en') },
                { value: 'ar', label: t('alerts.language.ar') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
