import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Radio, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/components/filter-select';
import { useLocationFilterOptions } from '@/features/auctions/components/use-location-filter-options';
import { dubaiToday } from '@/features/auctions/lib/auction-dates';
import { typeOptions } from '@/features/auctions/lib/auction-options';
import { step, visibleRange, type CalendarParam, type CalendarView } from '@/features/auctions/lib/calendar-range';
import type { ListControls } from '@/lib/use-list-params';

interface CalendarToolbarProps {
  view: CalendarView;
  anchor: string;
  controls: ListControls<CalendarParam>;
}

/** What the calendar shows ('May 2031', or a week's days), month or week, back, today, forward and the filters. */
export function CalendarToolbar({ view, anchor, controls }: CalendarToolbarProps) {
  const { t } = useTranslation();
  const locations = useLocationFilterOptions();
  const { from, to } = visibleRange(view, anchor);
  const shown = view === 'month' ? dayjs(anchor).format('MMMM YYYY') : t('auctions.calendar.week', { from: dayjs(from).format('DD/MM/YYYY'), to: dayjs(to).format('DD/MM/YYYY') });
  const go = (day: string) => controls.setFilter('date', day === dubaiToday() ? undefined : day);

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center" justify="space-between">
        <Flex gap={8} align="center" wrap>
          <Button icon={<LeftOutlined />} aria-label={t(`auctions.calendar.previous.${view}`)} onClick={() => go(step(view, anchor, -1))} />
          <Button onClick={() => go(dubaiToday())}>{t('auctions.calendar.today')}</Button>
          <Button icon={<RightOutlined />} aria-label={t(`auctions.calendar.next.${view}`)} onClick={() => go(step(view, anchor, 1))} />
          <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }} aria-live="polite">
            {shown}
          </Typography.Title>
        </Flex>
        <Radio.Group
          aria-label={t('auctions.calendar.view')}
          optionType="button"
          value={view}
          options={[
            { value: 'month', label: t('auctions.calendar.month') },
            { value: 'week', label: t('auctions.calendar.weekView') },
          ]}
          onChange={(event) => controls.setFilter('view', event.target.value === 'week' ? 'week' : undefined)}
        />
      </Flex>
      <Flex gap={12} wrap>
        {locations.allowed && (
          <FilterSelect
            aria-label={t('auctions.filters.location')}
            placeholder={t('auctions.filters.allLocations')}
            value={controls.filters.location}
            options={locations.options}
            loading={locations.loading}
            onChange={(value) => controls.setFilter('location', value)}
          />
        )}
        <FilterSelect
          aria-label={t('auctions.filters.type')}
          placeholder={t('auctions.filters.allTypes')}
          value={controls.filters.type}
          options={typeOptions()}
          onChange={(value) => controls.setFilter('type', value)}
        />
      </Flex>
    </Flex>
  );
}
