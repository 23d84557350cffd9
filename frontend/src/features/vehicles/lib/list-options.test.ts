import { describe, expect, it } from 'vitest';
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';
import { isManualStep, LIST_PROGRESS, progressChange, progressLocked, progressOptions } from '@/features/vehicles/lib/progress-fields';
import { VEHICLE_LISTS } from '@/features/vehicles/lib/vehicle-lists';
import { statusOptions } from '@/features/vehicles/lib/vehicle-status';

const vehicle = (fields: Partial<Vehicle>) => ({ isReceived: false, isReturned: false, isReleased: false, isPaid: false, gatePassStatus: 'Pending', ...fields }) as Vehicle;
const values = (options: { value: string }[]) => options.map((option) => option.value);

describe('what each list offers', () => {
  it('Review: Received, SVD and Inspection dropdowns, and Approved or Rejected', () => {
    expect(LIST_PROGRESS.review).toEqual(['isReceived', 'isVehicleDeliveredBySeller', 'isInspection']);
    expect(statusOptions(VEHICLE_LISTS.review.moves, 'pending').map((option) => option.label)).toEqual(['Pending', 'Approved', 'Rejected']);
    expect(progressOptions(vehicle({}), 'isReceived').map((option) => option.label)).toEqual(['Pending', 'Received']);
    expect(progressOptions(vehicle({}), 'isVehicleDeliveredBySeller').map((option) => option.label)).toEqual(['Pending', 'Delivered']);
    expect(progressOptions(vehicle({}), 'isInspection').map((option) => option.label)).toEqual(['Pending', 'In Inspection', 'Completed']);
    expect(VEHICLE_LISTS.review.deletable).toBe(true);
  });

  it('Approved offers Cancelled; Rejected offers the resubmission; Sold and Canceled no status move', () => {
    expect(statusOptions(VEHICLE_LISTS.approved.moves).map((option) => option.label)).toEqual(['Cancelled']);
    expect(statusOptions(VEHICLE_LISTS.rejected.moves, 'rejected').map((option) => option.label)).toEqual(['Rejected', 'Pending (resubmit)']);
    expect(VEHICLE_LISTS.sold.moves).toEqual([]);
    expect(VEHICLE_LISTS.canceled.moves).toEqual([]);
    expect(VEHICLE_LISTS.approved.deletable).toBe(false);
  });

  it('Canceled offers Returned only while the vehicle has not been returned', () => {
    expect(LIST_PROGRESS.canceled).toEqual(['isReturned']);
    expect(values(progressOptions(vehicle({ isReturned: false }), 'isReturned'))).toEqual(['false', 'true']);
    expect(values(progressOptions(vehicle({ isReturned: true }), 'isReturned'))).toEqual(['true']);
    expect(progressLocked(vehicle({ isReturned: true }), 'isReturned')).toBe(true);
  });

  it('Sold: payment and gate pass follow their records and are only shown; release is set by hand, closed once released', () => {
    expect(LIST_PROGRESS.sold).toEqual(['isPaid', 'gatePassStatus', 'isReleased']);
    expect(LIST_PROGRESS.sold.filter(isManualStep)).toEqual(['isReleased']);
    const releaseDisabled = (fields: Partial<Vehicle>) => progressOptions(vehicle(fields), 'isReleased').find((option) => option.value === 'true')?.disabled;
    expect(releaseDisabled({ isPaid: true, gatePassStatus: 'Generated' })).toBe(true);
    expect(releaseDisabled({ isPaid: false, gatePassStatus: 'Picked Up' })).toBe(true);
    expect(releaseDisabled({ isPaid: true, gatePassStatus: 'Picked Up' })).toBe(false);
    expect(progressLocked(vehicle({ isReleased: true }), 'isReleased')).toBe(true);
    expect(progressLocked(vehicle({ isReleased: false }), 'isReleased')).toBe(false);
  });

  it('sends only the field that changed, booleans as booleans', () => {
    expect(progressChange('isReceived', 'true')).toEqual({ isReceived: true });
    expect(progressChange('isReleased', 'true')).toEqual({ isReleased: true });
    expect(progressChange('isInspection', 'inInspection')).toEqual({ isInspection: 'inInspection' });
  });
});
