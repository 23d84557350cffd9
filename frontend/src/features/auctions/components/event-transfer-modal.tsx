import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { auctionEventsQueryOptions } from '@/features/auctions/api/get-auction-events';
import { auctionsQueryOptions } from '@/features/auctions/api/get-auctions';
import type { AuctionEvent, EventRun } from '@/features/auctions/api/get-event';
import { useTransferVehiclesMutation } from '@/features/auctions/api/transfer-vehicles';
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

/** Moves vehicles without a result to another open event of any auction: pick the auction, then its event, then a lane or the emptiest. */
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
    if (!targetId) return;
    const body = {
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

  const subject = runs.length === 1 && runs[0] ? lot(runs[0]) : t('auctionEvents.vehicleCount', { count: runs.length });
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
      okButtonProps={{ disabled: !targetId }}
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
        <Form.Item label={t('auctionEvents.transfer.lane')} htmlFor="transfer-lane">
          <Select<string>
            id="transfer-lane"
            value={lane}
            onChange={setLane}
            disabled={!target}
            virtual={false}
            options={[
              { value: EMPTIEST_LANE, label: t('auctionEvents.add.emptiestLane') },
              ...(target?.lanes ?? []).map((one) => ({ value: one.laneLetter, label: t('auctionEvents.add.laneOption', { lane: one.laneLetter, count: one.vehicleCount }) })),
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
