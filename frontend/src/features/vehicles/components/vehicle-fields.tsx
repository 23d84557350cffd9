import { Col, Divider, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageUploader } from '@/features/vehicles/components/image-uploader';
import { SellerSelect, type SellerLike } from '@/features/vehicles/components/seller-select';
import { VehicleConditionFields } from '@/features/vehicles/components/vehicle-condition-fields';
import { VehiclePriceFields } from '@/features/vehicles/components/vehicle-price-fields';
import { VehicleSpecFields } from '@/features/vehicles/components/vehicle-spec-fields';
import { VinField } from '@/features/vehicles/components/vin-field';
import { yearOptions } from '@/features/vehicles/lib/vehicle-options';

interface VehicleFieldsProps {
  /** The vehicle's own VIN when editing (not a duplicate of itself). */
  ownVin?: string;
  /** The seller already chosen when editing. */
  seller?: SellerLike;
}

/** Every field of a vehicle but its status: the add dialog and the 'Vehicle Information' tab share them. */
export function VehicleFields({ ownVin, seller }: VehicleFieldsProps) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t('vehicles.fields.seller')} name="memberProfile" rules={[{ required: true, message: t('vehicles.sellerRequired') }]}>
          <SellerSelect initial={seller} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <VinField ownVin={ownVin} />
      </Col>
      <Col xs={24}>
        <Form.Item
          label={t('vehicles.fields.title')}
          name="title"
          rules={[{ required: true, whitespace: true, message: t('vehicles.titleRequired') }, { min: 2, message: t('vehicles.titleShort') }]}
        >
          <Input maxLength={150} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('vehicles.fields.make')} name="make" rules={[{ required: true, whitespace: true, message: t('vehicles.makeRequired') }]}>
          <Input maxLength={60} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('vehicles.fields.model')} name="model" rules={[{ required: true, whitespace: true, message: t('vehicles.modelRequired') }]}>
          <Input maxLength={60} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('vehicles.fields.year')} name="year" rules={[{ required: true, message: t('vehicles.yearRequired') }]}>
          <Select options={yearOptions()} showSearch={{ optionFilterProp: 'label' }} virtual={false} />
        </Form.Item>
      </Col>
      <VehicleSpecFields />
      <Divider plain>{t('vehicles.condition')}</Divider>
      <VehicleConditionFields />
      <Divider plain>{t('vehicles.prices')}</Divider>
      <VehiclePriceFields />
      <Col xs={24}>
        <Form.Item label={t('vehicles.fields.description')} name="description">
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label={t('vehicles.fields.images')} name="images" extra={t('vehicles.images.hint')}>
          <ImageUploader />
        </Form.Item>
      </Col>
    </Row>
  );
}
