import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { buyersKey } from '@/api/find-buyers';
import { auctionsKey } from '@/features/auctions/api/get-auctions';
import { auctionEventsKey, eventKey, type EventRun } from '@/features/auctions/api/get-event';
import { laneRunsKey, type LaneRuns } from '@/features/auctions/api/get-lane-vehicles';

export type ResultIn = components['schemas']['ResultIn'];
export type ResultsRecorded = components['schemas']['ResultsRecorded'];

/**
 * PUT /api/auction-event/results/{eventId} {results: [{vehicleId, outcome, buyerId, soldFor, sellerApproved}]}: sold to a
 * buyer at a price, not sold, or `outcome: null` to clear a result. From the sale day of a published event; a price
 * below the reserve needs `sellerApproved`, and the buyer's available buying power must cover it (409 otherwise).
 */
export function recordResults(eventId: string, results: ResultIn[]): Promise<ResultsRecorded> {
  return apiRequest<ResultsRecorded>(`/auction-event/results/${encodeURIComponent(eventId)}`, { method: 'PUT', body: { results } });
}

export interface RecordResultVariables {
  result: ResultIn;
  /** The run as it will look once recorded, shown at once (the clerk does not wait for the answer). */
  expected: EventRun;
}

function patchRuns(client: QueryClient, eventId: string, lane: string, runs: EventRun[]) {
  const byId = new Map(runs.map((run) => [run._id, run]));
  client.setQueryData<LaneRuns>(laneRunsKey(eventId, lane), (current) =>
    current ? { ...current, runs: current.runs.map((run) => byId.get(run._id) ?? run) } : current,
  );
}

/**
 * One result of a lane's console. The lane's runs change in the cache at once (the next vehicle comes up without
 * waiting); the results of an event are sent one after the other, in the order the clerk recorded them; a refusal
 * puts the run back as it was. The answer's runs replace the guesses, so the lane is never read again meanwhile.
 */
export function useRecordResultMutation(eventId: string, lane: string) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `auction-event-results-${eventId}` },
    mutationFn: ({ result }: RecordResultVariables) => recordResults(eventId, [result]),
    onMutate: async ({ expected }) => {
      await queryClient.cancelQueries({ queryKey: laneRunsKey(eventId, lane) });
      const previous = queryClient.getQueryData<LaneRuns>(laneRunsKey(eventId, lane))?.runs.find((run) => run._id === expected._id);
      patchRuns(queryClient, eventId, lane, [expected]);
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) patchRuns(queryClient, eventId, lane, [context.previous]);
    },
    onSuccess: (answer) => patchRuns(queryClient, eventId, lane, answer.runs),
    onSettled: () => {
      const lanes = laneRunsKey(eventId, lane);
      void queryClient.invalidateQueries({ queryKey: buyersKey });
      void queryClient.invalidateQueries({ queryKey: eventKey(eventId), predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(lanes) });
      void queryClient.invalidateQueries({ queryKey: [...auctionEventsKey, 'unassigned'] });
      void queryClient.invalidateQueries({ queryKey: auctionsKey });
      void queryClient.invalidateQueries({ queryKey: ['vehicles'] });
    },
  });
}
