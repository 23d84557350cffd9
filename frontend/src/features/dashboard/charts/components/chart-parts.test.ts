import { describe, expect, it } from 'vitest';
import type { ChartTheme } from '@/features/dashboard/charts/lib/use-chart-theme';
import { barEndRadius, xAxisProps, yAxisSide } from './chart-parts';

const english: ChartTheme = {
  text: '#555',
  grid: '#eee',
  tooltip: { background: '#fff', border: '#ddd', color: '#222' },
  primary: '#1d5fa8',
  secondary: '#13c2c2',
  good: '#52c41a',
  warning: '#faad14',
  bad: '#ff4d4f',
  neutral: '#bbb',
  animate: false,
  rtl: false,
};
const arabic: ChartTheme = { ...english, rtl: true };

describe('chart parts right to left', () => {
  it('runs an X axis from the start of the line: left to right in English, right to left in Arabic', () => {
    expect(xAxisProps(english).reversed).toBe(false);
    expect(xAxisProps(arabic).reversed).toBe(true);
    expect(xAxisProps(arabic).tick).toEqual({ fill: '#555', fontSize: 12 });
  });

  it('stands a Y axis at the start or the end of the line', () => {
    expect(yAxisSide(english, 'start')).toBe('left');
    expect(yAxisSide(english, 'end')).toBe('right');
    expect(yAxisSide(arabic, 'start')).toBe('right');
    expect(yAxisSide(arabic, 'end')).toBe('left');
  });

  it("rounds a horizontal bar's far end, its left end in Arabic", () => {
    expect(barEndRadius(english)).toEqual([0, 4, 4, 0]);
    expect(barEndRadius(arabic)).toEqual([4, 0, 0, 4]);
  });
});
