import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';

export type Schedule = components['schemas']['Schedule'];
export type PlannedEvent = components['schemas']['PlannedEvent'];
type SchedulePreview = components['schemas']['SchedulePreview'];

/**
 * POST /api/auctions/preview: the events a schedule would create (the 'Add auction' dialog shows them as it is
 * filled in). A schedule making more than 52 events answers 422 at `repeatUntil`, saying how many it would make.
 */
export function previewSchedule(body: Schedule): Promise<PlannedEvent[]> {
  return apiRequest<SchedulePreview>('/auctions/preview', { method: 'POST', body }).then((answer) => answer.events);
}

/** Not under the auctions key: a preview depends on its schedule alone, never on the auctions stored. */
export function schedulePreviewQueryOptions(body: Schedule | undefined) {
  return queryOptions({
    queryKey: ['auction-schedule-preview', body],
    queryFn: () => previewSchedule(body as Schedule),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });
}

export function useSchedulePreview(body: Schedule | undefined) {
  return useQuery(schedulePreviewQueryOptions(body));
}
