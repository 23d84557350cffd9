import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { auctionEventsQueryOptions } from '@/features/auctions/api/get-auction-events';
import { auctionsQueryOptions } from '@/features/auctions/api/get-auctions';
import type { AuctionEvent, EventRun } from '@/features/auctions/api/get-event';
import { type TransferVehiclesBody, useTransferVehiclesMutation } from '@/features/auctions/api/transfer-vehicles';
import { EMPTIEST_LANE } from '@/features/auctions/components/event-add-vehicles-modal';
import { useLot } from '@/features/auctions/components/event-result';
import { statusLabel } from '@/features/auctions/lib/auction-status';
import { formatDateTime } from '@/lib/dates';

interface EventTransferModalProps {
  source: AuctionEvent;
  /** The runs to move; the dialog is open while there are some. */
  runs: EventRun[];
  onClose: () => void;
  onDone?: () => void;
}

/** The lane choice that sends each vehicle to the lane of the same letter, in the order they run here (placement 'keep'). */
const KEEP_LANES = 'keep';

/**
 * Moves vehicles without a result to another open event of any auction: pick the auction, then its event, then a lane,
 * the emptiest, or 'keep their lanes and order'. Keeping is refused here already when the event lacks a lane the
 * vehicles run in (lanes are the auction's, made with it), as the server would refuse it.
 */
export function EventTransferModal({ source, runs, onClose, onDone }: EventTransferModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const lot = useLot();
  const [search, setSearch] = useState('');
  const [auctionId, setAuctionId] = useState<string>();
  const [targetId, setTargetId] = useState<string>();
  const [lane, setLane] = useState(EMPTIEST_LANE);
  const open = runs.length > 0;
  const auctions = useQuery({ ...auctionsQueryOptions({ pageNo: 1, limit: 20, search: useDeferredValue(search).trim() || undefined }), enabled: open });
  const events = useQuery({ ...auctionEventsQueryOptions(auctionId ?? ''), enabled: auctionId !== undefined });
  const transfer = useTransferVehiclesMutation();
  const target = events.data?.find((event) => event._id === targetId);
  const keep = lane === KEEP_LANES;
  const targetLanes = new Set((target?.lanes ?? []).map((one) => one.laneLetter));
  const missing = target && keep ? [...new Set(runs.map((run) => run.lane))].filter((letter) => !targetLanes.has(letter)).sort() : [];
  const stranded = runs.filter((run) => missing.includes(run.lane));

  const reset = () => {
    setSearch('');
    setAuctionId(undefined);
    setTargetId(undefined);
    setLane(EMPTIEST_LANE);
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = () => {
    if (!targetId || missing.length > 0) return;
    const body: TransferVehiclesBody = keep
      ? { sourceEventId: source._id, targetEventId: targetId, placement: 'keep', vehicles: runs.map((run) => ({ vehicleId: run.vehicleId })) }
      : {
          sourceEventId: source._id,
          targetEventId: targetId,
          vehicles: runs.map((run) => ({ vehicleId: run.vehicleId, lane: lane === EMPTIEST_LANE ? undefined : lane })),
        };
    transfer.mutateAsync(body).then(
      (answer) => {
        toast.success(answer.message);
        onDone?.();
        close();
      },
      (error: unknown) => {
        showError(error, t('auctionEvents.errors.transferFailed'));
      },
    );
  };

  const subjectOf = (some: EventRun[]) => (some.length === 1 && some[0] ? lot(some[0]) : t('auctionEvents.vehicleCount', { count: some.length }));
  const subject = subjectOf(runs);
  const auctionOptions = (auctions.data?.data ?? [])
    .filter((auction) => auction.status !== 'completed')
    .map((auction) => ({ value: auction._id, label: `${auction.auctionTitle} · ${auction.location.title}` }));
  const eventOptions = (events.data ?? []).map((event) => ({
    value: event._id,
    disabled: event._id === source._id || event.auctionEventStatus === 'completed',
    label: t('auctionEvents.transfer.eventOption', {
      date: formatDateTime(event.startDate),
      status: statusLabel(event.auctionEventStatus),
      count: event.vehicleCount,
    }),
  }));

  return (
    <Modal
      open={open}
      title={t('auctionEvents.transfer.title', { subject })}
      onCancel={close}
      onOk={submit}
      okText={t('auctionEvents.transfer.submit')}
      okButtonProps={{ disabled: !targetId || missing.length > 0 }}
      cancelText={t('common.cancel')}
      confirmLoading={transfer.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('auctionEvents.transfer.intro')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label={t('auctionEvents.transfer.auction')} htmlFor="transfer-auction">
          <Select<string>
            id="transfer-auction"
            value={auctionId}
            onChange={(next) => {
              setAuctionId(next);
              setTargetId(undefined);
              setLane(EMPTIEST_LANE);
            }}
            options={auctionOptions}
            loading={auctions.isFetching}
            placeholder={t('auctionEvents.transfer.auctionPlaceholder')}
            showSearch={{ filterOption: false, onSearch: setSearch }}
            notFoundContent={t('auctionEvents.transfer.noAuctions')}
            virtual={false}
          />
        </Form.Item>
        <Form.Item label={t('auctionEvents.transfer.event')} htmlFor="transfer-event">
          <Select<string>
            id="transfer-event"
            value={targetId}
            onChange={(next) => {
              setTargetId(next);
              setLane(EMPTIEST_LANE);
            }}
            options={eventOptions}
            loading={events.isFetching}
            disabled={!auctionId}
            placeholder={t('auctionEvents.transfer.eventPlaceholder')}
            virtual={false}
          />
        </Form.Item>
        <Form.Item
          label={t('auctionEvents.transfer.lane')}
          htmlFor="transfer-lane"
          validateStatus={missing.length > 0 ? 'error' : undefined}
          help={
            missing.length > 0
              ? t('auctionEvents.transfer.missingLanes', { count: missing.length, lanes: missing.join(', '), subject: subjectOf(stranded) })
              : keep
                ? t('auctionEvents.transfer.keepLanesHelp')
                : undefined
          }
        >
          <Select<string>
            id="transfer-lane"
            value={lane}
            onChange={setLane}
            disabled={!target}
            virtual={false}
            options={[
              { value: EMPTIEST_LANE, label: t('auctionEvents.add.emptiestLane') },
              { value: KEEP_LANES, label: t('auctionEvents.transfer.keepLanes') },
              ...(target?.lanes ?? []).map((one) => ({ value: one.laneLetter, label: t('auctionEvents.add.laneOption', { lane: one.laneLetter, count: one.vehicleCount }) })),
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
