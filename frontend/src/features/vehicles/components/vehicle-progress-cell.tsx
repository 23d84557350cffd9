import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { StatusBadge } from '@/components/status-badge';
import { StatusDropdown } from '@/components/status-dropdown';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { useUpdateVehicleProgressMutation } from '@/features/vehicles/api/update-vehicle-progress';
import { progressChange, progressLocked, progressOptions, progressValue, type ProgressField } from '@/features/vehicles/lib/progress-fields';

/** A review or after-sale step of a row (received, SVD, inspection, returned, paid, gate pass, release). */
export function VehicleProgressCell({ field, vehicle }: { field: ProgressField; vehicle: Vehicle }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canStatus = useCan('Vehicles', 'updateStatus');
  const change = useUpdateVehicleProgressMutation();
  const value = progressValue(vehicle, field);
  const options = progressOptions(vehicle, field);
  const lot = t('vehicles.lot', { number: vehicle.vehicleLotNumber });
  const column = t(`vehicles.columns.${field}`);

  if (!canStatus) return <StatusBadge>{options.find((option) => option.value === value)?.label ?? value}</StatusBadge>;
  return (
    <StatusDropdown
      id={vehicle._id}
      column={field}
      value={value}
      options={options}
      aria-label={t('vehicles.columnOf', { column, lot })}
      disabled={progressLocked(vehicle, field) || options.length < 2 || change.isPending}
      onChange={(next) =>
        // A promise, not mutate's callbacks: a filtered list may drop the row (and unmount this) first.
        change.mutateAsync({ id: vehicle._id, change: progressChange(field, next.value) }).then(
          () => toast.success(t('vehicles.progressSaved', { lot, column })),
          (error: unknown) => showError(error, t('vehicles.errors.updateStatusFailed')),
        )
      }
    />
  );
}
