import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { StatusBadge } from '@/components/status-badge';
import { StatusDropdown } from '@/components/status-dropdown';
import { LIST_DROPDOWN_WIDTH } from '@/features/vehicles/components/vehicle-progress-cell';
import { useToast } from '@/components/use-toast';
import type { Vehicle, VehicleStatus } from '@/features/vehicles/api/get-vehicles';
import { useUpdateVehicleStatusMutation } from '@/features/vehicles/api/update-vehicle-status';
import { VEHICLE_LISTS, type VehicleListName } from '@/features/vehicles/lib/vehicle-lists';
import { statusLabel, statusOptions, statusVariant } from '@/features/vehicles/lib/vehicle-status';

/**
 * A row's status: a dropdown with the moves this list allows (Approved/Rejected in Review, Cancelled in
 * Approved, back to pending in Rejected), disabled in Sold, a badge where nothing can change. Reject and Cancel
 * ask for the reason in a confirmation naming the lot. In a list row (`inList`) the dropdown is small and narrower.
 */
export function VehicleStatusCell({ name, vehicle, inList = false }: { name: VehicleListName; vehicle: Vehicle; inList?: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const canStatus = useCan('Vehicles', 'updateStatus');
  const change = useUpdateVehicleStatusMutation();
  const moves = VEHICLE_LISTS[name].moves;
  const lot = t('vehicles.lot', { number: vehicle.vehicleLotNumber });

  if (!canStatus || (moves.length === 0 && name !== 'sold')) {
    return <StatusBadge variant={statusVariant(vehicle.status)}>{statusLabel(vehicle.status)}</StatusBadge>;
  }
  return (
    <StatusDropdown
      id={vehicle._id}
      column="status"
      value={vehicle.status}
      options={statusOptions(moves, vehicle.status)}
      {...(inList ? { size: 'small' as const, width: LIST_DROPDOWN_WIDTH } : {})}
      aria-label={t('vehicles.statusOf', { lot })}
      subject={lot}
      errorText={t('vehicles.errors.updateStatusFailed')}
      disabled={moves.length === 0 || change.isPending}
      onChange={({ value, reason }) =>
        // A promise, not mutate's callbacks: the row leaves the list (and unmounts) before those would run. A
        // failure rejects it, and the dropdown shows it (a missing reason at the confirmation's field).
        change.mutateAsync({ ids: [vehicle._id], status: value as VehicleStatus, reason }).then((answer) => toast.success(answer.message))
      }
    />
  );
}
