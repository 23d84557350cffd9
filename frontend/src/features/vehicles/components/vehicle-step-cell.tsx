import { StatusBadge } from '@/components/status-badge';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { PaymentStateCell } from '@/features/vehicles/components/payment-state-cell';
import { VehicleProgressCell } from '@/features/vehicles/components/vehicle-progress-cell';
import { gatePassVariant } from '@/features/vehicles/lib/money-labels';
import { gatePassLabel, type StepField } from '@/features/vehicles/lib/progress-fields';

interface VehicleStepCellProps {
  field: StepField;
  vehicle: Vehicle;
  /** A step set by hand shown as a badge even to a role that may change it (an earlier stage, on the vehicle page). */
  readOnly?: boolean;
  /** In a list row: a step set by hand is a small, narrower dropdown. */
  inList?: boolean;
}

/**
 * A step of a list row or of the vehicle page. Payment follows the invoice and the gate pass follows its passes
 * and the gate's scans, so both are only shown; the other steps are dropdowns for a role that may change them.
 */
export function VehicleStepCell({ field, vehicle, readOnly = false, inList = false }: VehicleStepCellProps) {
  if (field === 'isPaid') return <PaymentStateCell vehicle={vehicle} />;
  if (field === 'gatePassStatus') return <StatusBadge variant={gatePassVariant(vehicle.gatePassStatus)}>{gatePassLabel(vehicle.gatePassStatus)}</StatusBadge>;
  return <VehicleProgressCell field={field} vehicle={vehicle} readOnly={readOnly} inList={inList} />;
}
