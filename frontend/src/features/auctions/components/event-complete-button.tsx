import { CheckCircleOutlined } from '@ant-design/icons';
import { Button, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/confirm-modal';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useCompleteEventMutation } from '@/features/auctions/api/complete-event';
import type { AuctionEvent } from '@/features/auctions/api/get-event';
import { eventReadyToComplete } from '@/features/auctions/components/event-status';

/**
 * 'Complete event', offered once every vehicle has a result and confirmed first; while disabled it says why beside it
 * ('3 vehicles still waiting for a result'). It is the page's primary action only for a published event ready to
 * close, never for a draft. The server's refusal (409) shows as it comes.
 */
export function EventCompleteButton({ event }: { event: AuctionEvent }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [open, setOpen] = useState(false);
  const complete = useCompleteEventMutation(event._id);
  const ready = eventReadyToComplete(event);
  const waiting = event.vehicleCount - event.resultsRecorded;

  // The answer is awaited as a promise: the button leaves the page as soon as the event reads completed.
  const confirm = () =>
    complete
      .mutateAsync()
      .then(
        (answer) => toast.success(answer.message),
        (error: unknown) => {
          showError(error, t('auctionEvents.errors.completeFailed'));
        },
      )
      .finally(() => setOpen(false));

  return (
    <>
      <Tooltip title={ready ? undefined : t('auctionEvents.complete.waiting', { count: waiting })}>
        <Button
          type={ready && event.auctionEventStatus === 'publish' ? 'primary' : 'default'}
          icon={<CheckCircleOutlined />}
          disabled={!ready}
          aria-describedby={ready ? undefined : `complete-why-${event._id}`}
          onClick={() => setOpen(true)}
        >
          {t('auctionEvents.complete.button')}
        </Button>
      </Tooltip>
      {!ready && (
        <Typography.Text id={`complete-why-${event._id}`} type="secondary">
          {t('auctionEvents.complete.waiting', { count: waiting })}
        </Typography.Text>
      )}
      <ConfirmModal
        open={open}
        title={t('auctionEvents.complete.title')}
        message={t('auctionEvents.complete.message', { sold: event.soldCount, count: event.vehicleCount })}
        confirmText={t('auctionEvents.complete.confirm')}
        loading={complete.isPending}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
