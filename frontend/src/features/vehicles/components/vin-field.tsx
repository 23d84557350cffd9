import { Button, Form, Input, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { decodeVin } from '@/features/vehicles/api/decode-vin';
import { normalizeVin, vinProblem } from '@/features/vehicles/lib/vin';

const decodeOptions = (vin: string) => ({ queryKey: ['vehicles', 'decode-vin', vin], queryFn: () => decodeVin(vin), staleTime: 10_000 });

/**
 * The VIN, checked while it is typed: the local rules first, then Gavel (POST /api/vehicles/decode-vin) for the
 * duplicate check, shown at the field in the server's words (which name the lot that has the VIN), and the make
 * and year it suggests.
 * `ownVin` is the VIN the vehicle already has (editing): it is not a duplicate of itself.
 */
export function VinField({ ownVin }: { ownVin?: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const queryClient = useQueryClient();
  const typed = normalizeVin(Form.useWatch<string | undefined>('vinNumber', form) ?? '');
  const checkable = typed !== '' && vinProblem(typed) === undefined;
  const decoded = useQuery({ ...decodeOptions(typed), enabled: checkable });
  const suggestion = checkable && decoded.data?.valid ? decoded.data : undefined;

  const rules: Rule[] = [
    { required: true, message: t('vehicles.vinRequired') },
    {
      validator: async (_, value: string | undefined) => {
        if (!value) return;
        const vin = normalizeVin(value);
        if (vin === ownVin) return;
        const problem = vinProblem(vin);
        if (problem) throw new Error(t(`vehicles.vinProblem.${problem}`));
        const answer = await queryClient.fetchQuery(decodeOptions(vin));
        if (!answer.valid) throw new Error(answer.message ?? t('vehicles.vinProblem.characters'));
        // The server's words as they are: 'Enter Unique Vin Number: Lot 1600 already has this VIN.'
        if (answer.duplicate) throw new Error(answer.message ?? t('vehicles.vinDuplicate'));
      },
    },
  ];

  const useSuggestion = () => {
    if (!suggestion) return;
    form.setFieldsValue({
      ...(suggestion.make ? { make: suggestion.make } : {}),
      ...(suggestion.year ? { year: suggestion.year } : {}),
    });
  };

  const hint =
    suggestion && (suggestion.make || suggestion.year) ? (
      <Typography.Text type="secondary">
        {t('vehicles.vinSuggests', { make: suggestion.make ?? t('common.notAvailable'), year: suggestion.year ?? t('common.notAvailable') })}{' '}
        <Button type="link" size="small" onClick={useSuggestion} style={{ padding: 0 }}>
          {t('vehicles.useSuggestion')}
        </Button>
      </Typography.Text>
    ) : undefined;

  return (
    <Form.Item label={t('vehicles.fields.vinNumber')} name="vinNumber" rules={rules} validateDebounce={300} extra={hint} normalize={(value: string) => value.toUpperCase()}>
      <Input maxLength={20} autoComplete="off" placeholder={t('vehicles.vinPlaceholder')} />
    </Form.Item>
  );
}
