import type { TFunction } from 'i18next';
import type { components } from '@/api/schema';
import { paths } from '@/lib/paths';

export type DashboardTotals = components['schemas']['DashboardTotals'];
type VehicleCounts = components['schemas']['VehicleCounts'];
type MemberLabel = 'total' | 'sellers' | 'buyers' | 'individuals' | 'organizations' | 'pending' | 'approved' | 'rejected' | 'inactive' | 'deactivated';

export interface TotalsFigure {
  key: string;
  label: string;
  value: number;
  /** The list whose rows this figure counts, already filtered; none when no list shows exactly these rows. */
  to?: string;
  /** What the figure counts, in a sentence, where its label alone could be read two ways. */
  hint?: string;
}

export interface TotalsRow {
  key: string;
  title?: string;
  figures: TotalsFigure[];
  note?: string;
}

export interface TotalsGroup {
  key: string;
  title: string;
  rows: TotalsRow[];
}

const filtered = (path: string, key: string, value: string) => `${path}?${new URLSearchParams({ [key]: value })}`;

function vehicleGroup(v: VehicleCounts, t: TFunction): TotalsGroup {
  const fig = (key: keyof VehicleCounts, to?: string, hint?: string): TotalsFigure => ({ key, label: t(`vehicles.counts.${key}`), value: v[key], to, hint });
  const { reviewVehicles: review, approvedVehicles: approved, soldVehicles: sold, canceledVehicles: cancelled } = paths;
  return {
    key: 'vehicles',
    title: t('dashboardTotals.vehicles.title'),
    rows: [
      {
        key: 'review',
        title: t('dashboardTotals.vehicles.review'),
        figures: [
          fig('reviewTotal', review, t('dashboardTotals.reviewTotalMeaning')),
          ...(['pending', 'received', 'inInspection', 'inspectionCompleted'] as const).map((stage) => fig(stage, filtered(review, 'stage', stage))),
        ],
      },
      {
        key: 'approved',
        title: t('dashboardTotals.vehicles.approved'),
        figures: [fig('approved', approved), fig('assigned', filtered(approved, 'assigned', 'true')), fig('unassigned', filtered(approved, 'assigned', 'false'))],
      },
      {
        key: 'sold',
        title: t('dashboardTotals.vehicles.sold'),
        figures: [
          fig('sold', sold),
          fig('paid', filtered(sold, 'paid', 'true')),
          fig('unpaid', filtered(sold, 'paid', 'false')),
          fig('released', filtered(sold, 'released', 'true')),
          fig('unreleased', filtered(sold, 'released', 'false')),
        ],
      },
      {
        key: 'closed',
        title: t('dashboardTotals.vehicles.closed'),
        figures: [
          fig('rejected', paths.rejectedVehicles),
          fig('cancelled', cancelled),
          fig('returned', filtered(cancelled, 'returned', 'true')),
          fig('unreturned', filtered(cancelled, 'returned', 'false')),
        ],
      },
    ],
  };
}

function memberGroup(m: components['schemas']['MemberCounts'], t: TFunction): TotalsGroup {
  const fig = (key: MemberLabel, value: number, to?: string): TotalsFigure => ({ key, label: t(`members.counts.${key}`), value, to });
  return {
    key: 'members',
    title: t('dashboardTotals.members.title'),
    rows: [
      {
        key: 'status',
        title: t('dashboardTotals.members.byStatus'),
        figures: [
          fig('total', m.totalMembers),
          fig('pending', m.totalPending, paths.reviewMembers),
          fig('approved', m.totalApproved, paths.activeMembers),
          fig('rejected', m.totalRejected, paths.rejectedMembers),
          fig('inactive', m.totalInActive, paths.inactiveMembers),
          fig('deactivated', m.totalDeactivated, paths.deactivatedMembers),
        ],
      },
      { key: 'entity', title: t('dashboardTotals.members.byEntity'), figures: [fig('individuals', m.totalIndividuals), fig('organizations', m.totalOrginization)] },
      { key: 'type', title: t('dashboardTotals.members.byType'), figures: [fig('sellers', m.totalSellers), fig('buyers', m.totalBuyers)], note: t('dashboardTotals.members.typeNote') },
    ],
  };
}

function roleGroup(r: components['schemas']['RoleTotals'], t: TFunction): TotalsGroup {
  const figures: TotalsFigure[] = [
    { key: 'total', label: t('dashboardTotals.roles.total'), value: r.totalRoles, to: paths.roles },
    { key: 'active', label: t('dashboardTotals.roles.active'), value: r.totalActive, to: filtered(paths.roles, 'active', 'true') },
    { key: 'inactive', label: t('dashboardTotals.roles.inactive'), value: r.totalInactive, to: filtered(paths.roles, 'active', 'false') },
    { key: 'assigned', label: t('dashboardTotals.roles.assigned'), value: r.totalAssigned },
    { key: 'unassigned', label: t('dashboardTotals.roles.unassigned'), value: r.totalUnassigned },
  ];
  return { key: 'roles', title: t('dashboardTotals.roles.title'), rows: [{ key: 'roles', figures }] };
}

function userGroup(u: components['schemas']['UserCounts'], t: TFunction): TotalsGroup {
  const figures: TotalsFigure[] = [
    { key: 'total', label: t('dashboardTotals.users.total'), value: u.totalUsers, to: paths.userManagement },
    { key: 'active', label: t('dashboardTotals.users.active'), value: u.activeUsers, to: filtered(paths.userManagement, 'status', 'Active') },
    { key: 'inactive', label: t('dashboardTotals.users.inactive'), value: u.inactiveUsers },
  ];
  return { key: 'users', title: t('dashboardTotals.users.title'), rows: [{ key: 'users', figures }] };
}

/** The groups of figures of the modules the role may view (a null part is left out), in reading order. */
export function totalsGroups(totals: DashboardTotals, t: TFunction): TotalsGroup[] {
  return [
    totals.vehicles && vehicleGroup(totals.vehicles, t),
    totals.members && memberGroup(totals.members, t),
    totals.roles && roleGroup(totals.roles, t),
    totals.users && userGroup(totals.users, t),
  ].filter((group): group is TotalsGroup => Boolean(group));
}
