import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventRun } from '@/features/auctions/api/get-event';
import { laneRunsKey, type LaneRuns } from '@/features/auctions/api/get-lane-vehicles';
import { useRecordResultMutation, type ResultIn } from '@/features/auctions/api/record-results';
import type { ChosenBuyer } from '@/features/auctions/components/lane-buyer-select';
import type { ResultDraft } from '@/features/auctions/components/lane-result-form';
import { sameResult, useResultToast } from '@/features/auctions/components/lane-result-toast';
import { errorMessage } from '@/lib/error-message';

/** The run as it reads once `result` is recorded: shown at once, replaced by the server's answer. */
function expectedRun(run: EventRun, result: ResultIn, buyer?: ChosenBuyer): EventRun {
  const sold = result.outcome === 'sold';
  return {
    ...run,
    outcome: result.outcome,
    isCurrent: result.outcome !== 'notSold',
    buyer: sold && buyer ? { _id: buyer._id, name: buyer.name } : null,
    soldFor: sold ? Number(result.soldFor) : null,
    sellerApproved: sold && result.sellerApproved,
    recordedAt: result.outcome ? new Date().toISOString() : null,
  };
}

/**
 * The lane's results recorded by hand (PUT /api/auction-event/results): the buyer the clerk names from the room for a
 * lot sold on the floor. Each accepted result is toasted with Undo; a refused one says why in the server's words and
 * puts back what was typed. `last` is the result recorded here that 'Undo last result' takes back.
 */
export function useLaneResults(eventId: string, lane: string, lot: (run: EventRun) => string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const record = useRecordResultMutation(eventId, lane);
  const resultToast = useResultToast();
  const [recordedHere, setRecordedHere] = useState<string[]>([]);
  const [drafts, setDrafts] = useState<Record<string, ResultDraft>>({});
  const [failure, setFailure] = useState<string>();

  const send = (run: EventRun, result: ResultIn, expected: EventRun, draft: ResultDraft | undefined) => {
    setFailure(undefined);
    record.mutateAsync({ result, expected }).then(
      (answer) => {
        if (result.outcome !== null) setDrafts(({ [run._id]: _done, ...others }) => others);
        const saved = answer.runs.find((one) => one._id === run._id);
        if (saved) resultToast(saved, undoFromToast);
      },
      (error: unknown) => {
        setFailure(t('auctionEvents.console.refused', { lot: lot(run), message: errorMessage(error, t('auctionEvents.errors.recordFailed')) }));
        setRecordedHere((ids) => (result.outcome === null ? [...ids, run._id] : ids.filter((id) => id !== run._id)));
        setDrafts(({ [run._id]: _failed, ...others }) => (draft ? { ...others, [run._id]: draft } : others));
      },
    );
  };
  const sold = (run: EventRun, buyer: ChosenBuyer, price: string, sellerApproved: boolean) => {
    const result: ResultIn = { vehicleId: run.vehicleId, outcome: 'sold', buyerId: buyer._id, soldFor: price, sellerApproved };
    setRecordedHere((ids) => [...ids.filter((id) => id !== run._id), run._id]);
    send(run, result, expectedRun(run, result, buyer), { buyer, price });
  };
  const noSale = (run: EventRun) => {
    const result: ResultIn = { vehicleId: run.vehicleId, outcome: 'notSold', sellerApproved: false };
    setRecordedHere((ids) => [...ids.filter((id) => id !== run._id), run._id]);
    send(run, result, expectedRun(run, result), undefined);
  };
  // Undone, the lot comes back to be named afresh, with empty fields.
  const undo = (run: EventRun) => {
    const result: ResultIn = { vehicleId: run.vehicleId, outcome: null, sellerApproved: false };
    setRecordedHere((ids) => ids.filter((id) => id !== run._id));
    setDrafts(({ [run._id]: _undone, ...others }) => others);
    send(run, result, expectedRun(run, result), undefined);
  };
  // The Undo of a toast takes back that result only while it is still the run's (not one recorded since).
  const undoFromToast = (recorded: EventRun) => {
    const now = queryClient.getQueryData<LaneRuns>(laneRunsKey(eventId, lane))?.runs.find((one) => one._id === recorded._id);
    if (now && sameResult(now, recorded)) undo(now);
  };
  const last = (runs: EventRun[]): EventRun | undefined => {
    for (const id of [...recordedHere].reverse()) {
      const run = runs.find((one) => one._id === id && one.outcome !== null);
      if (run) return run;
    }
    return undefined;
  };

  return { sold, noSale, undo, last, drafts, failure, clearFailure: () => setFailure(undefined) };
}
