import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Location } from '@/features/locations/api/get-locations';
import { ManagerSelect } from '@/features/locations/components/manager-select';
import { PlaceFields } from '@/features/locations/components/place-fields';

const PO_BOX = /^\d{1,7}$/;

/** The 'Location Details' tab. */
export function LocationDetailsFields({ current }: { current?: Location['general_manager'] }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t('locations.titleLabel')} name="title" rules={[{ required: true, whitespace: true, message: t('locations.titleRequired') }]}>
          <Input autoComplete="off" maxLength={120} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('locations.manager')} name="general_manager">
          <ManagerSelect current={current} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          label={t('locations.physicalAddress')}
          name="physical_address"
          rules={[{ required: true, whitespace: true, message: t('locations.physicalAddressRequired') }]}
        >
          <Input autoComplete="off" maxLength={300} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label={t('locations.mailingAddress')} name="mailing_address">
          <Input autoComplete="off" maxLength={300} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('locations.phone')} name="phone_number" rules={[{ required: true, whitespace: true, message: t('locations.phoneRequired') }]}>
          <Input dir="ltr" placeholder="+971 4 123 4567" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('locations.poBox')} name="fax_number" rules={[{ pattern: PO_BOX, message: t('locations.poBoxInvalid') }]}>
          <Input inputMode="numeric" autoComplete="off" maxLength={7} />
        </Form.Item>
      </Col>
      <PlaceFields />
    </Row>
  );
}
