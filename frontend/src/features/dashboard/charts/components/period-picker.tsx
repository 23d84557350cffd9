import { DatePicker, Flex, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERIOD_NAMES, type ChartPeriod, type PeriodName } from '@/features/dashboard/charts/lib/chart-period';

const DAY = 'YYYY-MM-DD';
/** The longest period the server draws (a leap year). */
const MAX_DAYS = 366;
type Choice = PeriodName | 'dates';

interface PeriodPickerProps {
  value: ChartPeriod;
  onChange: (period: ChartPeriod) => void;
}

/** This week, month, quarter or year, or 'Dates' with a first and a last day. */
export function PeriodPicker({ value, onChange }: PeriodPickerProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const choice: Choice = 'period' in value && !picking ? value.period : 'dates';
  const range = 'from' in value ? ([dayjs(value.from), dayjs(value.to)] as const) : null;
  const options = [...PERIOD_NAMES, 'dates' as const].map((name) => ({ value: name, label: t(`dashboardCharts.period.${name}`) }));
  return (
    <Flex wrap gap={12} align="center">
      <Segmented<Choice>
        aria-label={t('dashboardCharts.period.label')}
        options={options}
        value={choice}
        onChange={(next) => {
          setPicking(next === 'dates');
          if (next !== 'dates') onChange({ period: next });
        }}
      />
      {choice === 'dates' && (
        <DatePicker.RangePicker
          aria-label={t('dashboardCharts.period.range')}
          placeholder={[t('dashboardCharts.period.from'), t('dashboardCharts.period.to')]}
          format="DD/MM/YYYY"
          value={range ? [range[0], range[1]] : null}
          disabledDate={(day, info) => info.from !== undefined && Math.abs(day.diff(info.from, 'day')) >= MAX_DAYS}
          onChange={(days) => {
            const [from, to] = days ?? [];
            if (from && to) onChange({ from: from.format(DAY), to: to.format(DAY) });
          }}
        />
      )}
    </Flex>
  );
}
