import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { ConfirmButton } from '@/components/confirm-button';
import { StatusDropdown } from '@/components/status-dropdown';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useDeleteVehiclesMutation } from '@/features/vehicles/api/delete-vehicles';
import type { VehicleStatus } from '@/features/vehicles/api/get-vehicles';
import { useUpdateVehicleStatusMutation } from '@/features/vehicles/api/update-vehicle-status';
import { VEHICLE_LISTS, type VehicleListName } from '@/features/vehicles/lib/vehicle-lists';
import { statusOptions, vehiclesSubject } from '@/features/vehicles/lib/vehicle-status';

/** Whether a list has anything to do with a selection for this user. */
export function hasBulkActions(name: VehicleListName, canStatus: boolean, canDelete: boolean): boolean {
  const setup = VEHICLE_LISTS[name];
  return (canStatus && setup.moves.length > 0) || (canDelete && setup.deletable);
}

/** For the selected vehicles: the list's status moves (all or nothing; Reject and Cancel ask for the reason) and, in Review and Rejected, delete. */
export function VehicleBulkActions({ name, ids, onDone }: { name: VehicleListName; ids: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canStatus = useCan('Vehicles', 'updateStatus');
  const canDelete = useCan('Vehicles', 'delete');
  const status = useUpdateVehicleStatusMutation();
  const remove = useDeleteVehiclesMutation();
  const setup = VEHICLE_LISTS[name];

  // A failure rejects the promise: the dropdown shows it (a missing reason at the confirmation's field).
  const changeStatus = (next: VehicleStatus, reason?: string) =>
    status.mutateAsync({ ids, status: next, reason }).then((answer) => {
      toast.success(answer.message);
      onDone();
    });
  const deleteSelected = () =>
    remove.mutateAsync(ids).then(
      (answer) => {
        toast.success(answer.message);
        onDone();
      },
      (error: unknown) => showError(error, t('vehicles.errors.deleteFailed')),
    );

  return (
    <>
      {canStatus && setup.moves.length > 0 && (
        <StatusDropdown<string[]>
          id={ids}
          column="status"
          options={statusOptions(setup.moves)}
          aria-label={t('vehicles.changeSelectedStatus')}
          subject={vehiclesSubject(ids.length)}
          errorText={t('vehicles.errors.updateStatusFailed')}
          disabled={status.isPending}
          onChange={(change) => changeStatus(change.value as VehicleStatus, change.reason)}
        />
      )}
      {canDelete && setup.deletable && (
        <ConfirmButton
          danger
          icon={<DeleteOutlined />}
          title={t('vehicles.deleteTitle')}
          message={t('vehicles.deleteMessage', { count: ids.length })}
          onConfirm={deleteSelected}
        >
          {t('table.deleteSelected')}
        </ConfirmButton>
      )}
    </>
  );
}
