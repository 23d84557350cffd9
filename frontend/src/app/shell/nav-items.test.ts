import { describe, expect, it } from 'vitest';
import { groupOf, isGroup, navEntries, visibleEntries, type NavEntry } from '@/app/shell/nav-items';

const entries: NavEntry[] = [
  { path: '/dashboard', label: 'nav.dashboard' },
  { key: 'vehicles', label: 'nav.dashboard', children: [{ path: '/approved-vehicles', label: 'nav.dashboard' }] },
];

describe('sidebar groups', () => {
  it('opens the group holding the current path', () => {
    expect(groupOf('/approved-vehicles', entries)).toBe('vehicles');
  });

  it("opens the group of a detail page, and the real menu's groups for vehicle and member details", () => {
    const withDetails: NavEntry[] = [{ ...entries[1]!, also: ['/vehicles/'] }];
    expect(groupOf('/vehicles/v1', withDetails)).toBe('vehicles');
    expect(groupOf('/vehicles/v1')).toBe('vehicles');
    expect(groupOf('/members/m1')).toBe('members');
    expect(groupOf('/review-members')).toBe('members');
  });

  it('holds the Alerts group: SMS, WhatsApp SMS and Emails, each for roles with Alerts view', () => {
    const alerts = navEntries.find((entry) => isGroup(entry) && entry.key === 'alerts');
    expect(alerts && isGroup(alerts) ? alerts.children.map((link) => [link.path, link.label, link.module]) : []).toEqual([
      ['/promotions', 'nav.sms', 'Alerts'],
      ['/whatsapp-sms', 'nav.whatsapp', 'Alerts'],
      ['/emails', 'nav.emails', 'Alerts'],
    ]);
    expect(groupOf('/emails')).toBe('alerts');
    expect(visibleEntries(navEntries, (module) => module !== 'Alerts').some((entry) => isGroup(entry) && entry.key === 'alerts')).toBe(false);
  });

  it('shows Sessions to roles with the Sessions row (view), not to Users edit any more', () => {
    const settings = (can: Parameters<typeof visibleEntries>[1]) =>
      visibleEntries(navEntries, can).flatMap((entry) => (isGroup(entry) && entry.key === 'settings' ? entry.children.map((link) => link.path) : []));
    expect(settings((module, privilege) => module === 'Sessions' && privilege === 'view')).toEqual(['/sessions']);
    expect(settings((module, privilege) => module === 'Users' && privilege === 'edit')).toEqual([]);
    expect(groupOf('/sessions')).toBe('settings');
  });

  it('shows Reports after the Payments group, only to roles with the Reports row', () => {
    const paymentsAt = navEntries.findIndex((entry) => isGroup(entry) && entry.key === 'payments');
    expect(navEntries[paymentsAt + 1]).toMatchObject({ path: '/reports', label: 'nav.reports', module: 'Reports' });
    expect(visibleEntries(navEntries, (module) => module !== 'Reports').some((entry) => !isGroup(entry) && entry.path === '/reports')).toBe(false);
    expect(groupOf('/reports')).toBeUndefined();
  });

  it('lists the audit log under Settings for roles with the Audit log row', () => {
    const settings = (can: Parameters<typeof visibleEntries>[1]) =>
      visibleEntries(navEntries, can).flatMap((entry) => (isGroup(entry) && entry.key === 'settings' ? entry.children.map((link) => link.path) : []));
    expect(settings((module, privilege) => module === 'AuditLog' && privilege === 'view')).toEqual(['/audit-log']);
    expect(settings((module, privilege) => module === 'Roles' && privilege === 'view')).toEqual(['/roles']);
    expect(groupOf('/audit-log')).toBe('settings');
  });

  it('opens nothing for a top-level link or an unknown path', () => {
    expect(groupOf('/dashboard', entries)).toBeUndefined();
    expect(groupOf('/elsewhere', entries)).toBeUndefined();
  });
});
