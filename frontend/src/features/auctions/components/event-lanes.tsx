import { DesktopOutlined } from '@ant-design/icons';
import { Card, Flex, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SearchBox } from '@/components/search-box';
import { useErrorToast } from '@/components/use-error-toast';
import { useEvent, type AuctionEvent, type EventLane, type EventRun } from '@/features/auctions/api/get-event';
import { useLaneVehicles } from '@/features/auctions/api/get-lane-vehicles';
import { EventVehiclesTable } from '@/features/auctions/components/event-vehicles-table';
import { paths } from '@/lib/paths';
import { useListParams, type ListControls } from '@/lib/use-list-params';

/** The tab of every lane; a lane's tab is its letter (?lane=B). */
const ALL = 'all';

/** The URL of a lane's console. */
export function laneConsolePath(eventId: string, lane: string): string {
  return `${paths.auctionEvent}/${eventId}/lanes/${lane}/console`;
}

interface TabProps {
  event: AuctionEvent;
  list: ListControls;
  onTransfer: (runs: EventRun[], done?: () => void) => void;
}

function ConsoleLink({ event, lane }: { event: AuctionEvent; lane: string }) {
  const { t } = useTranslation();
  return (
    <Link to={laneConsolePath(event._id, lane)}>
      <DesktopOutlined /> {t('auctionEvents.openConsole', { lane })}
    </Link>
  );
}

function Toolbar({ list, consoles }: { list: ListControls; consoles: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" gap={8} wrap>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('auctionEvents.searchPlaceholder')} aria-label={t('auctionEvents.search')} />
      <Flex gap={16} wrap>
        {consoles}
      </Flex>
    </Flex>
  );
}

/** Every lane's vehicles in lane and run order (POST getById). */
function AllLanes({ event, list, onTransfer }: TabProps) {
  const { t } = useTranslation();
  const query = useEvent(event._id, { pageNo: list.page, limit: list.limit, search: list.search || undefined });
  useErrorToast(query.error, t('auctionEvents.errors.fetchFailed'));
  return (
    <Flex vertical gap={12}>
      <Toolbar list={list} consoles={event.lanes.map((lane) => <ConsoleLink key={lane._id} event={event} lane={lane.laneLetter} />)} />
      <EventVehiclesTable
        event={event}
        rows={query.data?.vehicles}
        total={query.data?.totalMatching ?? 0}
        loading={query.isFetching}
        list={list}
        label={t('auctionEvents.allVehicles')}
        showLane
        empty={list.search ? t('auctionEvents.emptySearch', { search: list.search }) : t('auctionEvents.emptyAll')}
        onTransfer={onTransfer}
      />
    </Flex>
  );
}

/** One lane's vehicles in run order (POST get-lane-vehicle). */
function OneLane({ event, lane, list, onTransfer }: TabProps & { lane: string }) {
  const { t } = useTranslation();
  const query = useLaneVehicles(event._id, lane, { pageNo: list.page, limit: list.limit, search: list.search || undefined });
  useErrorToast(query.error, t('auctionEvents.errors.fetchFailed'));
  return (
    <Flex vertical gap={12}>
      <Toolbar list={list} consoles={<ConsoleLink event={event} lane={lane} />} />
      <EventVehiclesTable
        event={event}
        rows={query.data?.data}
        total={query.data?.totalMatching ?? 0}
        loading={query.isFetching}
        list={list}
        label={t('auctionEvents.laneVehicles', { lane })}
        showLane={false}
        empty={list.search ? t('auctionEvents.emptySearch', { search: list.search }) : t('auctionEvents.emptyLane', { lane })}
        onTransfer={onTransfer}
      />
    </Flex>
  );
}

/** Tabs for every lane and each lane (A, B, ... with their runs and counts); the open tab, page and search are in the URL. */
export function EventLanes({ event, onTransfer }: { event: AuctionEvent; onTransfer: TabProps['onTransfer'] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const list = useListParams<string>();
  const laneLabel = (lane: EventLane) =>
    lane.vehicleCount === 0 || lane.minRange === null || lane.maxRange === null
      ? t('auctionEvents.laneTabEmpty', { lane: lane.laneLetter })
      : t('auctionEvents.laneTab', { lane: lane.laneLetter, from: lane.minRange, to: lane.maxRange, count: lane.vehicleCount });
  const asked = params.get('lane');
  const tab = event.lanes.some((lane) => lane.laneLetter === asked) && asked ? asked : ALL;
  const choose = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        ['page', 'search'].forEach((name) => next.delete(name));
        if (key === ALL) next.delete('lane');
        else next.set('lane', key);
        return next;
      },
      { replace: true },
    );

  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={choose}
        items={[
          {
            key: ALL,
            label: t('auctionEvents.allTab', { count: event.vehicleCount }),
            children: tab === ALL ? <AllLanes event={event} list={list} onTransfer={onTransfer} /> : null,
          },
          ...event.lanes.map((lane) => ({
            key: lane.laneLetter,
            label: laneLabel(lane),
            children: tab === lane.laneLetter ? <OneLane event={event} lane={lane.laneLetter} list={list} onTransfer={onTransfer} /> : null,
          })),
        ]}
      />
    </Card>
  );
}
