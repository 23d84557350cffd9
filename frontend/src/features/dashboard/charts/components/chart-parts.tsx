import { physicalSide, type LogicalSide, type PhysicalSide } from '@/components/use-side';
import type { ChartTheme } from '@/features/dashboard/charts/lib/use-chart-theme';

export const CHART_HEIGHT = 260;

/** Axis text and lines in the theme's colours. */
export function axisProps(theme: ChartTheme) {
  return { tick: { fill: theme.text, fontSize: 12 }, stroke: theme.grid, tickLine: false } as const;
}

/**
 * The X axis of an ordered or timed series (weeks, events, bands, or the values of a horizontal bar chart): it runs
 * from the start of the line, so right to left in Arabic.
 */
export function xAxisProps(theme: ChartTheme) {
  return { ...axisProps(theme), reversed: theme.rtl } as const;
}

/** Where a Y axis stands, at the start of the line (left in English, right in Arabic) or at its end. */
export function yAxisSide(theme: ChartTheme, side: LogicalSide): PhysicalSide {
  return physicalSide(side, theme.rtl ? 'rtl' : 'ltr');
}

/** The rounded corners of a horizontal bar: at its far end, which is its left end in Arabic. */
export function barEndRadius(theme: ChartTheme): [number, number, number, number] {
  return theme.rtl ? [4, 0, 0, 4] : [0, 4, 4, 0];
}

/** Grid lines in the theme's border colour. */
export function gridProps(theme: ChartTheme) {
  return { stroke: theme.grid, strokeDasharray: '3 3', vertical: false } as const;
}

/** Tooltips on the theme's elevated background. */
export function tooltipProps(theme: ChartTheme) {
  return {
    contentStyle: { background: theme.tooltip.background, border: `1px solid ${theme.tooltip.border}`, borderRadius: 8, color: theme.tooltip.color },
    labelStyle: { color: theme.tooltip.color },
    itemStyle: { color: theme.tooltip.color },
    cursor: { fill: theme.grid, opacity: 0.4 },
  } as const;
}

/** A short AED figure for an axis: 1.2M, 350K. */
export function shortAed(value: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** A rate from 0 to 1 as a percentage with one decimal. */
export function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}
