import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSetDensity, type Density } from '@/api/preferences';
import { useDensity } from '@/components/table-density';
import { useShowError } from '@/components/use-show-error';

/** Comfortable or compact rows for every table, kept on the server for the user. */
export function DensitySwitch() {
  const { t } = useTranslation();
  const density = useDensity();
  const setDensity = useSetDensity();
  const showError = useShowError();
  return (
    <Segmented<Density>
      aria-label={t('table.density.label')}
      value={density}
      options={[
        { value: 'comfortable', label: t('table.density.comfortable') },
        { value: 'compact', label: t('table.density.compact') },
      ]}
      onChange={(next) => setDensity.mutate(next, { onError: (error) => showError(error, t('table.density.failed')) })}
    />
  );
}
