import { Checkbox, Col, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DAMAGES, plainOptions } from '@/features/vehicles/lib/vehicle-options';

const FLAGS = ['keysAvailable', 'runAndDrive', 'startStatus', 'unknownStatus'] as const;

/** Keys, run and drive, start and unknown status, and the damage. */
export function VehicleConditionFields() {
  const { t } = useTranslation();
  return (
    <>
      {FLAGS.map((flag) => (
        <Col key={flag} xs={12} md={6}>
          <Form.Item name={flag} valuePropName="checked">
            <Checkbox>{t(`vehicles.fields.${flag}`)}</Checkbox>
          </Form.Item>
        </Col>
      ))}
      {(['primaryDamage', 'secondaryDamage'] as const).map((name) => (
        <Col key={name} xs={24} md={12}>
          <Form.Item label={t(`vehicles.fields.${name}`)} name={name}>
            <Select options={plainOptions(DAMAGES)} allowClear virtual={false} />
          </Form.Item>
        </Col>
      ))}
    </>
  );
}
