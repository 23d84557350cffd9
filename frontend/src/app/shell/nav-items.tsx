import { DashboardOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { paths } from '@/lib/paths';

type NavLabel = 'nav.dashboard';

export interface NavLink {
  path: string;
  label: NavLabel;
  icon?: ReactNode;
}

export interface NavGroup {
  key: string;
  label: NavLabel;
  icon?: ReactNode;
  children: NavLink[];
}

export type NavEntry = NavLink | NavGroup;

/** Only screens that exist are listed; each module adds its own entry or group. */
export const navEntries: NavEntry[] = [{ path: paths.dashboard, label: 'nav.dashboard', icon: <DashboardOutlined /> }];

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'children' in entry;
}

/** The group holding `pathname`, which the sidebar opens. */
export function groupOf(pathname: string, entries: NavEntry[] = navEntries): string | undefined {
  return entries.filter(isGroup).find((group) => group.children.some((link) => pathname.startsWith(link.path)))?.key;
}
