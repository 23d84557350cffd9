import { Col, Form, Row, TimePicker, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const TIME_FORMAT = 'HH:mm';

/**
 * 'Sales on approval': the time (Dubai) of the next working day by which the seller of a lot closed below its
 * reserve answers; with no answer by then the lot is a no-sale (17:00 unless changed).
 */
export function ApprovalFields() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5}>{t('business.approval')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('business.approvalHint')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item
            label={t('business.fields.approvalDeadlineTime')}
            name="approvalDeadlineTime"
            extra={t('business.hints.approvalDeadlineTime')}
            rules={[{ required: true, message: t('business.rules.approvalDeadlineTime') }]}
          >
            <TimePicker format={TIME_FORMAT} needConfirm={false} allowClear={false} aria-label={t('business.fields.approvalDeadlineTime')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
