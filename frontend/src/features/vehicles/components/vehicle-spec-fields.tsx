import { Col, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput, numberRules } from '@/components/number-input';
import { BODY_STYLES, CYLINDERS, DRIVE_TYPES, FUEL_TYPES, TRANSMISSIONS, plainOptions } from '@/features/vehicles/lib/vehicle-options';

/** Transmission, engine, drive, fuel, mileage, cylinders, colour and body style. */
export function VehicleSpecFields() {
  const { t } = useTranslation();
  const choice = (name: string, values: readonly (string | number)[]) => (
    <Col xs={24} md={8}>
      <Form.Item label={t(`vehicles.fields.${name}` as 'vehicles.fields.make')} name={name}>
        <Select options={plainOptions(values)} allowClear virtual={false} />
      </Form.Item>
    </Col>
  );
  return (
    <>
      {choice('transmission', TRANSMISSIONS)}
      <Col xs={24} md={8}>
        <Form.Item label={t('vehicles.fields.engineDetails')} name="engineDetails">
          <Input maxLength={120} autoComplete="off" placeholder="4.0L V6" />
        </Form.Item>
      </Col>
      {choice('driveType', DRIVE_TYPES)}
      {choice('fuelType', FUEL_TYPES)}
      <Col xs={24} md={8}>
        <Form.Item
          label={t('vehicles.fields.mileage')}
          name="mileage"
          required
          rules={numberRules({ required: t('vehicles.mileageRequired'), min: 0, max: 5_000_000 })}
        >
          <NumberInput suffix={t('vehicles.kmUnit')} />
        </Form.Item>
      </Col>
      {choice('cylinders', CYLINDERS)}
      <Col xs={24} md={8}>
        <Form.Item label={t('vehicles.fields.color')} name="color">
          <Input maxLength={40} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        {/* Shown at the gate beside the photo and colour, so that the guard can match the car. */}
        <Form.Item label={t('vehicles.fields.plateNumber')} name="plateNumber" extra={t('vehicles.plateHint')}>
          <Input maxLength={20} autoComplete="off" placeholder={t('vehicles.platePlaceholder')} />
        </Form.Item>
      </Col>
      {choice('bodyStyle', BODY_STYLES)}
    </>
  );
}
