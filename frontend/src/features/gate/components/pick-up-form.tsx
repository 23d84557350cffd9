import { Button, Col, Form, Input, Row, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMIRATES_ID } from '@/features/gate/lib/gate-words';

export interface PickUpValues {
  driverName: string;
  driverEmiratesId: string;
}

interface PickUpFormProps {
  /** The page's instance, so that the server's field errors land on the fields. */
  form: FormInstance<PickUpValues>;
  onRecord: (values: PickUpValues) => void;
  recording: boolean;
}

/**
 * 'Record pick-up' for a pass the gate allowed: the driver's name and Emirates ID. The name field takes the focus
 * as the form appears; the server's refusal of a field (422) shows at that field.
 */
export function PickUpForm({ form, onRecord, recording }: PickUpFormProps) {
  const { t } = useTranslation();
  return (
    <Form<PickUpValues> form={form} name="pick-up" aria-label={t('gate.pickUp.title')} layout="vertical" size="large" onFinish={onRecord} requiredMark={false}>
      <Row gutter={16} align="bottom">
        <Col xs={24} md={10}>
          <Form.Item
            label={t('gate.pickUp.driverName')}
            name="driverName"
            rules={[
              { required: true, whitespace: true, message: t('gate.pickUp.nameRequired') },
              { min: 3, max: 150, message: t('gate.pickUp.nameRequired') },
            ]}
          >
            {/* The guard types the driver's name next. */}
            <Input autoFocus autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('gate.pickUp.driverEmiratesId')}
            name="driverEmiratesId"
            extra={t('gate.pickUp.idHint')}
            normalize={(value: string) => value.trim()}
            rules={[
              { required: true, message: t('gate.pickUp.idRequired') },
              { pattern: EMIRATES_ID, message: t('gate.pickUp.idFormat') },
            ]}
          >
            <Input placeholder={t('gate.pickUp.emiratesIdPlaceholder')} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={recording} block>
              {t('gate.pickUp.submit')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
