import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { usePreferences, type Density } from '@/api/preferences';

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
