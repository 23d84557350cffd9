import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { ConfirmButton } from '@/components/confirm-button';
import { StatusDropdown } from '@/components/status-dropdown';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useDeleteLocationsMutation } from '@/features/locations/api/delete-locations';
import type { LocationStatus } from '@/features/locations/api/get-locations';
import { useUpdateLocationStatusMutation } from '@/features/locations/api/update-location-status';
import { locationsSubject, statusOptions } from '@/features/locations/lib/location-status';

/** For the selected locations: a new status (active at once, inActive after a confirmation) and delete, each by privilege. */
export function LocationBulkActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canStatus = useCan('Settings', 'updateStatus');
  const canDelete = useCan('Settings', 'delete');
  const status = useUpdateLocationStatusMutation();
  const remove = useDeleteLocationsMutation();
  const succeeded = (answer: { message: string }) => {
    toast.success(answer.message);
    onDone();
  };

  return (
    <>
      {canStatus && (
        <StatusDropdown<string[]>
          id={ids}
          column="status"
          options={statusOptions()}
          aria-label={t('locations.changeStatus')}
          subject={locationsSubject(ids.length)}
          errorText={t('errors.updateLocationStatusFailed')}
          disabled={status.isPending}
          // A failure rejects the promise and the dropdown toasts it.
          onChange={(change) => status.mutateAsync({ ids, status: change.value as LocationStatus }).then(succeeded)}
        />
      )}
      {canDelete && (
        <ConfirmButton
          danger
          icon={<DeleteOutlined />}
          title={t('locations.deleteTitle')}
          message={t('locations.deleteMessage', { count: ids.length })}
          onConfirm={() => remove.mutateAsync(ids).then(succeeded, (error: unknown) => showError(error, t('errors.deleteLocationsFailed')))}
        >
          {t('table.deleteSelected')}
        </ConfirmButton>
      )}
    </>
  );
}
