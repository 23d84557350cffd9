import { DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { EventRun } from '@/features/auctions/api/get-event';
import { useRemoveVehiclesMutation } from '@/features/auctions/api/remove-vehicles';
import { useLot } from '@/features/auctions/components/event-result';

interface EventRunActionsProps {
  eventId: string;
  runs: EventRun[];
  /** Opens the transfer dialog for these runs; `done` runs once they moved. */
  onTransfer: (runs: EventRun[], done?: () => void) => void;
  onDone?: () => void;
  /** Icon buttons for a row; labelled buttons for the selection. */
  compact?: boolean;
}

/** Remove (after a confirmation) and Transfer, for one row or for the selected rows. The server refuses a vehicle with a result (409), and says so. */
export function EventRunActions({ eventId, runs, onTransfer, onDone, compact }: EventRunActionsProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const lot = useLot();
  const remove = useRemoveVehiclesMutation(eventId);
  const subject = runs.length === 1 && runs[0] ? lot(runs[0]) : t('auctionEvents.vehicleCount', { count: runs.length });
  const removeLabel = compact ? t('auctionEvents.removeOne', { lot: subject }) : t('auctionEvents.removeSelected');
  const transferLabel = compact ? t('auctionEvents.transferOne', { lot: subject }) : t('auctionEvents.transferSelected');

  const confirmRemove = () =>
    remove.mutateAsync(runs.map((run) => run.vehicleId)).then(
      (answer) => {
        toast.success(answer.message);
        onDone?.();
      },
      (error: unknown) => {
        showError(error, t('auctionEvents.errors.removeFailed'));
      },
    );

  return (
    <>
      <Tooltip title={compact ? transferLabel : undefined}>
        <Button type={compact ? 'text' : 'default'} icon={<SwapOutlined />} aria-label={transferLabel} onClick={() => onTransfer(runs, onDone)}>
          {compact ? null : transferLabel}
        </Button>
      </Tooltip>
      <ConfirmButton
        danger
        type={compact ? 'text' : 'default'}
        icon={<DeleteOutlined />}
        aria-label={compact ? removeLabel : undefined}
        title={t('auctionEvents.removeTitle', { subject })}
        message={t('auctionEvents.removeMessage', { count: runs.length })}
        onConfirm={confirmRemove}
      >
        {compact ? undefined : removeLabel}
      </ConfirmButton>
    </>
  );
}
