import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { StatusBadge } from '@/components/status-badge';
import { StatusDropdown } from '@/components/status-dropdown';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { useUpdateVehicleProgressMutation } from '@/features/vehicles/api/update-vehicle-progress';
import {
  progressChange,
  progressDone,
  progressLocked,
  progressName,
  progressOptions,
  progressValue,
  type ProgressField,
  type StepField,
} from '@/features/vehicles/lib/progress-fields';

interface VehicleProgressCellProps {
  field: ProgressField;
  vehicle: Vehicle;
  /** Shown as a badge even to a role that may change it (a step of an earlier stage, on the vehicle page). */
  readOnly?: boolean;
  /** In a list row: a small dropdown just wide enough for its longest choice ('In Inspection'). */
  inList?: boolean;
}

/** The width of a step's or a status's small dropdown in a list row: three or four of them fit a 1440 px row. */
export const LIST_DROPDOWN_WIDTH = 112;

/**
 * A step set by hand (received, SVD, inspection, returned, release) of a list row or of the vehicle page: a
 * dropdown for a role with the updateStatus privilege, a badge otherwise.
 */
export function VehicleProgressCell({ field, vehicle, readOnly = false, inList = false }: VehicleProgressCellProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canStatus = useCan('Vehicles', 'updateStatus');
  const change = useUpdateVehicleProgressMutation();
  const value = progressValue(vehicle, field);
  const options = progressOptions(vehicle, field);
  const lot = t('vehicles.lot', { number: vehicle.vehicleLotNumber });

  if (!canStatus || readOnly) return <StatusBadge>{options.find((option) => option.value === value)?.label ?? value}</StatusBadge>;
  return (
    <StatusDropdown
      id={vehicle._id}
      column={field}
      value={value}
      options={options}
      {...(inList ? { size: 'small' as const, width: LIST_DROPDOWN_WIDTH } : {})}
      aria-label={t('vehicles.columnOf', { column: progressName(field), lot })}
      disabled={progressLocked(vehicle, field) || options.length < 2 || change.isPending}
      onChange={(next) =>
        // A promise, not mutate's callbacks: a filtered list may drop the row (and unmount this) first.
        change.mutateAsync({ id: vehicle._id, change: progressChange(field, next.value) }).then(
          () => toast.success(progressDone(field, next.value, lot)),
          (error: unknown) => showError(error, t('vehicles.errors.updateStatusFailed')),
        )
      }
    />
  );
}

/**
 * A step's column header: the short name, and for SVD a tooltip that says what it means (the cells' dropdowns
 * carry the long name in their labels, so a screen reader hears it there).
 */
export function VehicleProgressTitle({ field }: { field: StepField }) {
  const { t } = useTranslation();
  if (field !== 'isVehicleDeliveredBySeller') return t(`vehicles.columns.${field}`);
  return (
    <Tooltip title={progressName(field)}>
      <abbr style={{ textDecoration: 'underline dotted', cursor: 'help' }}>
        {t('vehicles.columns.isVehicleDeliveredBySeller')}
      </abbr>
    </Tooltip>
  );
}
