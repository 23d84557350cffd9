import { theme } from 'antd';
import { useMemo } from 'react';
import { useSide } from '@/components/use-side';

export interface ChartTheme {
  text: string;
  grid: string;
  tooltip: { background: string; border: string; color: string };
  primary: string;
  secondary: string;
  good: string;
  warning: string;
  bad: string;
  neutral: string;
  animate: boolean;
  /** Arabic: the charts read right to left (their axes mirrored). */
  rtl: boolean;
}

/**
 * The charts' colours from Ant Design's tokens, so that they follow the light and the dark theme (axis text,
 * grid lines and tooltips change with it), no animation when the app runs without motion, and the layout's direction.
 */
export function useChartTheme(): ChartTheme {
  const { token } = theme.useToken();
  const { rtl } = useSide();
  return useMemo(
    () => ({
      text: token.colorTextSecondary,
      grid: token.colorBorderSecondary,
      tooltip: { background: token.colorBgElevated, border: token.colorBorder, color: token.colorText },
      primary: token.colorPrimary,
      secondary: token.colorInfo === token.colorPrimary ? token.colorWarning : token.colorInfo,
      good: token.colorSuccess,
      warning: token.colorWarning,
      bad: token.colorError,
      neutral: token.colorTextQuaternary,
      animate: token.motion !== false,
      rtl,
    }),
    [token, rtl],
  );
}
