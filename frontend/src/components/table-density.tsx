import { ConfigProvider, Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences, useSetDensity, type Density } from '@/api/preferences';
import { useShowError } from '@/components/use-show-error';

/**
 * Compact rows: 4 px above and below a cell's content, so that a row of text or of 32 px icon buttons is about
 * 40 px tall (measured in Chromium, e2e/list-preferences.spec.ts). Comfortable keeps Ant Design's own padding.
 */
const COMPACT = { components: { Table: { cellPaddingBlock: 4, cellPaddingBlockMD: 4, cellPaddingBlockSM: 4 } } };
const COMFORTABLE = {};

/** The signed-in user's density (comfortable until the preferences have come, or when they cannot be read). */
export function useDensity(): Density {
  return usePreferences().data?.density ?? 'comfortable';
}

/** Every table inside takes the user's density (the shell wraps its pages in it; DataTable wraps its own table). */
export function TableDensity({ children }: { children: ReactNode }) {
  // Always the same element, so that switching never mounts the page again.
  return <ConfigProvider theme={useDensity() === 'compact' ? COMPACT : COMFORTABLE}>{children}</ConfigProvider>;
}

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
