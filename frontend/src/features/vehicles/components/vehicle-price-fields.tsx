import { Col, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyInput, moneyProblem, moneyRules } from '@/components/money-input';
import { reserveProblem } from '@/features/vehicles/lib/vehicle-form';

/** The opening price (required) and the reserve price (optional, never below the opening price). */
export function VehiclePriceFields() {
  const { t } = useTranslation();
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item label={t('vehicles.fields.openingPrice')} name="openingPrice" required rules={moneyRules({ required: t('vehicles.openingRequired') })}>
          <MoneyInput />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('vehicles.fields.reservePrice')}
          name="reservePrice"
          dependencies={['openingPrice']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, reserve: string | null | undefined) => {
                const problem = moneyProblem(reserve);
                if (problem !== undefined) throw new Error(problem);
                if (reserveProblem(getFieldValue('openingPrice') as string | null, reserve)) throw new Error(t('vehicles.reserveBelowOpening'));
              },
            }),
          ]}
        >
          <MoneyInput />
        </Form.Item>
      </Col>
    </>
  );
}
