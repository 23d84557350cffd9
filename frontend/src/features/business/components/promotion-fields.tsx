import { Col, Form, Input, Row, TimePicker, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPT_OUT_MAX } from '@/features/business/lib/business-form';

const TIME_FORMAT = 'HH:mm';

/**
 * 'Promotions': the quiet hours of promotional SMS and WhatsApp (Dubai), and the opt-out text that ends every
 * promotional SMS in English and Arabic (the operators' block short code, e.g. 'To opt out send B AD-GAVEL to 7726').
 */
export function PromotionFields() {
  const { t } = useTranslation();
  const optOutRules = [
    { required: true, whitespace: true, message: t('business.rules.promoOptOut') },
    { max: OPT_OUT_MAX, message: t('business.rules.promoOptOut') },
  ];
  return (
    <>
      <Typography.Title level={5}>{t('business.promotions')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('business.promotionsHint')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item label={t('business.fields.promoQuietFrom')} name="promoQuietFrom" rules={[{ required: true, message: t('business.rules.promoQuiet') }]}>
            <TimePicker format={TIME_FORMAT} needConfirm={false} allowClear={false} aria-label={t('business.fields.promoQuietFrom')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            label={t('business.fields.promoQuietUntil')}
            name="promoQuietUntil"
            extra={t('business.hints.promoQuiet')}
            rules={[{ required: true, message: t('business.rules.promoQuiet') }]}
          >
            <TimePicker format={TIME_FORMAT} needConfirm={false} allowClear={false} aria-label={t('business.fields.promoQuietUntil')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('business.fields.promoOptOutEn')} name="promoOptOutEn" extra={t('business.hints.promoOptOut', { max: OPT_OUT_MAX })} rules={optOutRules}>
            <Input autoComplete="off" maxLength={OPT_OUT_MAX} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('business.fields.promoOptOutAr')} name="promoOptOutAr" rules={optOutRules}>
            <Input autoComplete="off" maxLength={OPT_OUT_MAX} showCount dir="rtl" lang="ar" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
