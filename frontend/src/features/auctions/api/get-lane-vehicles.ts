import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { eventKey, type EventLane, type EventRun, type RunQuery } from '@/features/auctions/api/get-event';

export type LaneVehicles = components['schemas']['LaneVehicles'];

/** The API's largest page: the console reads a lane in pages this size. */
const LANE_PAGE = 100;

/** POST /api/auction-event/get-lane-vehicle/{eventId}/lane/{lane} {pageNo, limit, search}: one lane's vehicles in run order. `lane` is its letter or _id. */
export async function getLaneVehicles(eventId: string, lane: string, body: RunQuery): Promise<LaneVehicles> {
  return apiRequest<LaneVehicles>(`/auction-event/get-lane-vehicle/${encodeURIComponent(eventId)}/lane/${encodeURIComponent(lane)}`, { method: 'POST', body });
}

export function laneVehiclesQueryOptions(eventId: string, lane: string, body: RunQuery) {
  return queryOptions({
    queryKey: [...eventKey(eventId), 'lane', lane, 'page', body],
    queryFn: () => getLaneVehicles(eventId, lane, body),
    placeholderData: keepPreviousData,
  });
}

export function useLaneVehicles(eventId: string, lane: string, body: RunQuery) {
  return useQuery(laneVehiclesQueryOptions(eventId, lane, body));
}

/** Every run of a lane, in run order: what the clerk's console works through. */
export interface LaneRuns {
  lane: EventLane;
  runs: EventRun[];
}

/** The whole lane, read page after page (a lane holds tens to a few hundred vehicles). */
export async function getAllLaneRuns(eventId: string, lane: string): Promise<LaneRuns> {
  const first = await getLaneVehicles(eventId, lane, { pageNo: 1, limit: LANE_PAGE });
  const runs = [...first.data];
  for (let page = 2; page <= first.totalPages; page += 1) {
    runs.push(...(await getLaneVehicles(eventId, lane, { pageNo: page, limit: LANE_PAGE })).data);
  }
  return { lane: first.lane, runs };
}

export function laneRunsKey(eventId: string, lane: string) {
  return [...eventKey(eventId), 'lane', lane, 'all'] as const;
}

export function laneRunsQueryOptions(eventId: string, lane: string) {
  return queryOptions({ queryKey: laneRunsKey(eventId, lane), queryFn: () => getAllLaneRuns(eventId, lane) });
}

export function useLaneRuns(eventId: string, lane: string) {
  return useQuery(laneRunsQueryOptions(eventId, lane));
}
