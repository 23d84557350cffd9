import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { ConfirmButton } from '@/components/confirm-button';
import { StatusDropdown } from '@/components/status-dropdown';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useDeleteChargesMutation } from '@/features/charges/api/delete-charges';
import { useUpdateChargeStatusMutation } from '@/features/charges/api/update-charge-status';

/** For the selected charges: switch them all active or inactive in one call, or delete them. */
export function ChargeBulkActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canStatus = useCan('Settings', 'updateStatus');
  const canDelete = useCan('Settings', 'delete');
  const status = useUpdateChargeStatusMutation();
  const remove = useDeleteChargesMutation();
  const succeeded = (answer: { message: string }) => {
    toast.success(answer.message);
    onDone();
  };

  return (
    <>
      {canStatus && (
        <StatusDropdown<string[]>
          id={ids}
          column="isActive"
          options={[
            { value: 'true', label: t('common.active') },
            { value: 'false', label: t('common.inactive') },
          ]}
          aria-label={t('charges.changeStatus')}
          disabled={status.isPending}
          onChange={(change) =>
            status.mutate(
              { ids, isActive: change.value === 'true' },
              { onSuccess: succeeded, onError: (error) => showError(error, t('errors.updateChargeStatusFailed')) },
            )
          }
        />
      )}
      {canDelete && (
        <ConfirmButton
          danger
          icon={<DeleteOutlined />}
          title={t('charges.deleteTitle')}
          message={t('charges.deleteMessage', { count: ids.length })}
          onConfirm={() => remove.mutateAsync(ids).then(succeeded, (error: unknown) => showError(error, t('errors.deleteChargeFailed')))}
        >
          {t('table.deleteSelected')}
        </ConfirmButton>
      )}
    </>
  );
}
