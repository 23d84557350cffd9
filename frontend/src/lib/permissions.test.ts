import { describe, expect, it } from 'vitest';
import { roleAllows, toPermissionGrid } from '@/lib/permissions';
import { permissionsFor } from '@/test/me';

describe('permissions', () => {
  it('grants what an active role lists and nothing when the role is off', () => {
    const permissions = permissionsFor({ Users: ['view'] });
    expect(roleAllows({ isActive: true, permissions }, 'Users', 'view')).toBe(true);
    expect(roleAllows({ isActive: true, permissions }, 'Users', 'edit')).toBe(false);
    expect(roleAllows({ isActive: false, permissions }, 'Users', 'view')).toBe(false);
    expect(roleAllows(null, 'Users', 'view')).toBe(false);
  });

  it('fills the grid with every module in order, missing ones off', () => {
    const grid = toPermissionGrid([{ module: 'Roles', add: true, view: true, edit: false, delete: false, updateStatus: false }]);
    expect(grid.map((row) => row.module)).toEqual(['Members', 'Vehicles', 'Auctions', 'Calender', 'Payments', 'Roles', 'Users', 'Settings', 'Alerts', 'Reports', 'AuditLog', 'Sessions']);
    expect(grid[5]).toMatchObject({ module: 'Roles', add: true, view: true });
    expect(grid[0]).toMatchObject({ module: 'Members', view: false });
  });
});
