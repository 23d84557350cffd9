import { BarChartOutlined, CarOutlined, DashboardOutlined, IdcardOutlined, NotificationOutlined, SettingOutlined, TeamOutlined, TrophyOutlined, WalletOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { CanFn } from '@/api/use-can';
import type { Module, Privilege } from '@/lib/permissions';
import { paths } from '@/lib/paths';

type NavLabel =
  | 'nav.dashboard'
  | 'nav.users'
  | 'nav.settings'
  | 'nav.roles'
  | 'nav.locations'
  | 'nav.securityPlan'
  | 'nav.charges'
  | 'nav.vehicles'
  | 'nav.members'
  | 'nav.review'
  | 'nav.approved'
  | 'nav.rejected'
  | 'nav.sold'
  | 'nav.canceled'
  | 'nav.gate'
  | 'nav.deactivated'
  | 'nav.auctions'
  | 'nav.draftAuctions'
  | 'nav.publishedAuctions'
  | 'nav.completedAuctions'
  | 'nav.onApproval'
  | 'nav.calendar'
  | 'nav.payments'
  | 'nav.invoices'
  | 'nav.inboundPayments'
  | 'nav.outboundPayments'
  | 'nav.reports'
  | 'nav.alerts'
  | 'nav.sms'
  | 'nav.whatsapp'
  | 'nav.emails'
  | 'nav.business'
  | 'nav.increments'
  | 'nav.sessions'
  | 'nav.auditLog';

export interface NavLink {
  path: string;
  label: NavLabel;
  icon?: ReactNode;
  /** Shown only to roles with the view privilege (or `privilege`) on this module. */
  module?: Module;
  /** The privilege on `module` the link needs, when it is not view. */
  privilege?: Privilege;
}

export interface NavGroup {
  key: string;
  label: NavLabel;
  icon?: ReactNode;
  children: NavLink[];
  /** Other paths that belong to the group, such as its detail pages: the sidebar opens it there too. */
  also?: string[];
}

export type NavEntry = NavLink | NavGroup;

/** Only screens that exist are listed; each module adds its own entry or group. */
export const navEntries: NavEntry[] = [
  { path: paths.dashboard, label: 'nav.dashboard', icon: <DashboardOutlined /> },
  { path: paths.userManagement, label: 'nav.users', icon: <TeamOutlined />, module: 'Users' },
  {
    key: 'vehicles',
    label: 'nav.vehicles',
    icon: <CarOutlined />,
    also: [`${paths.vehicle}/`],
    children: [
      { path: paths.reviewVehicles, label: 'nav.review', module: 'Vehicles' },
      { path: paths.approvedVehicles, label: 'nav.approved', module: 'Vehicles' },
      { path: paths.rejectedVehicles, label: 'nav.rejected', module: 'Vehicles' },
      { path: paths.soldVehicles, label: 'nav.sold', module: 'Vehicles' },
      { path: paths.canceledVehicles, label: 'nav.canceled', module: 'Vehicles' },
      { path: paths.gate, label: 'nav.gate', module: 'Vehicles' },
    ],
  },
  {
    key: 'auctions',
    label: 'nav.auctions',
    icon: <TrophyOutlined />,
    also: [paths.unpublishedAuctions, `${paths.auctionEvent}/`],
    children: [
      { path: paths.draftAuctions, label: 'nav.draftAuctions', module: 'Auctions' },
      { path: paths.publishedAuctions, label: 'nav.publishedAuctions', module: 'Auctions' },
      { path: paths.completedAuctions, label: 'nav.completedAuctions', module: 'Auctions' },
      { path: paths.onApproval, label: 'nav.onApproval', module: 'Auctions' },
      { path: paths.calendar, label: 'nav.calendar', module: 'Calender' },
    ],
  },
  {
    key: 'members',
    label: 'nav.members',
    icon: <IdcardOutlined />,
    also: [`${paths.member}/`],
    children: [
      { path: paths.reviewMembers, label: 'nav.review', module: 'Members' },
      { path: paths.activeMembers, label: 'nav.approved', module: 'Members' },
      { path: paths.deactivatedMembers, label: 'nav.deactivated', module: 'Members' },
      { path: paths.rejectedMembers, label: 'nav.rejected', module: 'Members' },
    ],
  },
  {
    key: 'payments',
    label: 'nav.payments',
    icon: <WalletOutlined />,
    children: [
      { path: paths.invoiceManagement, label: 'nav.invoices', module: 'Payments' },
      { path: paths.inboundPayments, label: 'nav.inboundPayments', module: 'Payments' },
      { path: paths.outboundPayments, label: 'nav.outboundPayments', module: 'Payments' },
    ],
  },
  { path: paths.reports, label: 'nav.reports', icon: <BarChartOutlined />, module: 'Reports' },
  {
    key: 'alerts',
    label: 'nav.alerts',
    icon: <NotificationOutlined />,
    children: [
      { path: paths.promotions, label: 'nav.sms', module: 'Alerts' },
      { path: paths.whatsappSms, label: 'nav.whatsapp', module: 'Alerts' },
      { path: paths.emails, label: 'nav.emails', module: 'Alerts' },
    ],
  },
  {
    key: 'settings',
    label: 'nav.settings',
    icon: <SettingOutlined />,
    children: [
      { path: paths.roles, label: 'nav.roles', module: 'Roles' },
      { path: paths.locations, label: 'nav.locations', module: 'Settings' },
      { path: paths.securityPlan, label: 'nav.securityPlan', module: 'Settings' },
      { path: paths.charges, label: 'nav.charges', module: 'Settings' },
      { path: paths.businessSettings, label: 'nav.business', module: 'Settings' },
      { path: paths.bidIncrements, label: 'nav.increments', module: 'Settings' },
      { path: paths.sessions, label: 'nav.sessions', module: 'Sessions' },
      { path: paths.auditLog, label: 'nav.auditLog', module: 'AuditLog' },
    ],
  },
];

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'children' in entry;
}

/** The entries the signed-in role may view (or use, for a link naming its privilege); a group with no visible link is left out. */
export function visibleEntries(entries: NavEntry[], can: CanFn): NavEntry[] {
  const allowed = (link: NavLink) => link.module === undefined || can(link.module, link.privilege ?? 'view');
  return entries.flatMap((entry): NavEntry[] => {
    if (!isGroup(entry)) return allowed(entry) ? [entry] : [];
    const children = entry.children.filter(allowed);
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** The group holding `pathname`, which the sidebar opens. */
export function groupOf(pathname: string, entries: NavEntry[] = navEntries): string | undefined {
  const holds = (group: NavGroup) =>
    group.children.some((link) => pathname.startsWith(link.path)) || (group.also ?? []).some((path) => pathname.startsWith(path));
  return entries.filter(isGroup).find(holds)?.key;
}
