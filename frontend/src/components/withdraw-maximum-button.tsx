import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonRef } from '@/api/lot-types';
import { useWithdrawMaximumMutation } from '@/api/lots';
import { ReasonConfirmModal } from '@/components/reason-confirm-modal';
import { useToast } from '@/components/use-toast';
import { formatAed } from '@/lib/money';
import '@/lib/i18n/strings/lots';

interface WithdrawMaximumButtonProps {
  lotId: string;
  /** "Lot 1001 · Nissan Patrol 2020", for the question and the toast. */
  lotLabel: string;
  bidder: PersonRef;
  amount: string;
}

/**
 * 'Withdraw' on a member's standing maximum: asks why (a reason is required and kept in the lot's log), then
 * POST /api/lots/{lotId}/absentee-bids/{memberId}/withdraw {reason}. The server's refusal shows at the reason or
 * in a toast.
 */
export function WithdrawMaximumButton({ lotId, lotLabel, bidder, amount }: WithdrawMaximumButtonProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawMaximumMutation();
  const names = { member: bidder.name, amount: formatAed(amount), lot: lotLabel };

  return (
    <>
      <Button size="small" danger onClick={() => setOpen(true)} aria-label={t('lots.withdraw.button', names)}>
        {t('lots.withdraw.short')}
      </Button>
      <ReasonConfirmModal
        open={open}
        title={t('lots.withdraw.title', names)}
        message={t('lots.withdraw.message')}
        confirmText={t('lots.withdraw.confirm')}
        reason="required"
        errorText={t('lots.errors.withdrawFailed')}
        onClose={() => setOpen(false)}
        onConfirm={async (reason) => {
          await withdraw.mutateAsync({ lotId, memberId: bidder.id, reason: reason ?? '' });
          toast.success(t('lots.withdraw.done', names));
        }}
      />
    </>
  );
}
