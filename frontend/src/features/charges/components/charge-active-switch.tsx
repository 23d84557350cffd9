import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { StatusBadge } from '@/components/status-badge';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { Charge } from '@/features/charges/api/get-charges';
import { useUpdateChargeStatusMutation } from '@/features/charges/api/update-charge-status';

/** One charge's active switch (update-charge-status with one id); a badge for roles that may not change it. */
export function ChargeActiveSwitch({ charge }: { charge: Charge }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canToggle = useCan('Settings', 'updateStatus');
  const { mutate, isPending } = useUpdateChargeStatusMutation();
  if (!canToggle) {
    return <StatusBadge variant={charge.isActive ? 'success' : 'default'}>{charge.isActive ? t('common.active') : t('common.inactive')}</StatusBadge>;
  }
  const toggle = (isActive: boolean) =>
    mutate(
      { ids: [charge._id], isActive },
      { onSuccess: (answer) => toast.success(answer.message), onError: (error) => showError(error, t('errors.updateChargeStatusFailed')) },
    );
  return <Switch checked={charge.isActive} loading={isPending} onChange={toggle} aria-label={t('charges.activeNamed', { name: charge.title })} />;
}
