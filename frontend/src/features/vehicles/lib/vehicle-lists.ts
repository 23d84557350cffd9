import type { VehicleCounts, VehicleStatus } from '@/features/vehicles/api/get-vehicles';

/** The five vehicle screens (SPEC.md section 2); Review is the pending list. */
export type VehicleListName = 'review' | 'approved' | 'rejected' | 'sold' | 'canceled';

/** A summary card: a count, and the list filter it applies when clicked (none: the card only counts). */
export interface CountCard {
  count: keyof VehicleCounts;
  filter?: { key: CardFilter; value: string };
}

export type CardFilter = 'assigned' | 'paid' | 'released' | 'returned';

interface ListSetup {
  status: VehicleStatus;
  cards: CountCard[];
  /** The statuses the row and bulk status dropdowns offer; empty: the dropdown shows the status, disabled. */
  moves: VehicleStatus[];
  /** Whether the vehicles of this list can be deleted (pending and rejected only). */
  deletable: boolean;
}

export const VEHICLE_LISTS: Record<VehicleListName, ListSetup> = {
  review: {
    status: 'pending',
    cards: [{ count: 'pending' }, { count: 'received' }, { count: 'inInspection' }, { count: 'inspectionCompleted' }, { count: 'reviewTotal' }],
    moves: ['approved', 'rejected'],
    deletable: true,
  },
  approved: {
    status: 'approved',
    cards: [{ count: 'approved' }, { count: 'assigned', filter: { key: 'assigned', value: 'true' } }, { count: 'unassigned', filter: { key: 'assigned', value: 'false' } }],
    moves: ['cancelled'],
    deletable: false,
  },
  rejected: { status: 'rejected', cards: [{ count: 'rejected' }], moves: ['pending'], deletable: true },
  sold: {
    status: 'sold',
    cards: [
      { count: 'sold' },
      { count: 'paid', filter: { key: 'paid', value: 'true' } },
      { count: 'unpaid', filter: { key: 'paid', value: 'false' } },
      { count: 'released', filter: { key: 'released', value: 'true' } },
      { count: 'unreleased', filter: { key: 'released', value: 'false' } },
    ],
    moves: [],
    deletable: false,
  },
  canceled: {
    status: 'cancelled',
    cards: [{ count: 'cancelled' }, { count: 'returned', filter: { key: 'returned', value: 'true' } }, { count: 'unreturned', filter: { key: 'returned', value: 'false' } }],
    moves: [],
    deletable: false,
  },
};
