import { Col, Form, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeography } from '@/features/locations/api/get-geography';

const options = (names: string[]) => names.map((name) => ({ value: name, label: name }));

/** Country, emirate and city as dependent lists from GET /api/locations/geography; the UAE by default. */
export function PlaceFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { data, isPending } = useGeography();
  const country = Form.useWatch<string | undefined>('country', form);
  const state = Form.useWatch<string | undefined>('state', form);
  const states = (country && data?.countries[country]) || {};
  const cities = (state && states[state]) || [];

  useEffect(() => {
    if (data && !form.getFieldValue('country')) form.setFieldValue('country', data.defaultCountry);
  }, [data, form]);

  return (
    <>
      <Col xs={24} md={8}>
        <Form.Item label={t('locations.country')} name="country" rules={[{ required: true, message: t('locations.countryRequired') }]}>
          <Select
            options={options(Object.keys(data?.countries ?? {}))}
            loading={isPending}
            virtual={false}
            onChange={() => form.setFieldsValue({ state: undefined, city: undefined })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('locations.emirate')} name="state" rules={[{ required: true, message: t('locations.emirateRequired') }]}>
          <Select options={options(Object.keys(states))} virtual={false} showSearch={{ optionFilterProp: 'label' }} onChange={() => form.setFieldValue('city', undefined)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('locations.city')} name="city" rules={[{ required: true, message: t('locations.cityRequired') }]}>
          <Select options={options(cities)} virtual={false} showSearch={{ optionFilterProp: 'label' }} disabled={!state} />
        </Form.Item>
      </Col>
    </>
  );
}
