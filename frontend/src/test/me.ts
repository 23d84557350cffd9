import type { MeResponse } from '@/api/me';
import { MODULES, PRIVILEGES, type Module, type Privilege } from '@/lib/permissions';

type Grants = Partial<Record<Module, readonly Privilege[] | 'all'>>;

/** A role's privilege entries: the modules named get the privileges listed ('all' for every one). */
export function permissionsFor(grants: Grants) {
  return MODULES.map((module) => {
    const granted = grants[module] === 'all' ? PRIVILEGES : (grants[module] ?? []);
    return {
      module,
      add: granted.includes('add'),
      view: granted.includes('view'),
      edit: granted.includes('edit'),
      delete: granted.includes('delete'),
      updateStatus: granted.includes('updateStatus'),
    };
  });
}

export const EVERYTHING: Grants = Object.fromEntries(MODULES.map((module) => [module, 'all']));

/** GET /api/auth/me for a signed-in user whose role grants `grants`. */
export function meWith(grants: Grants, user: Partial<MeResponse['user']> = {}): MeResponse {
  return {
    user: {
      _id: 'me',
      fullName: 'Amira Haddad',
      email: 'admin@example.com',
      phone: '+971501234567',
      userAccountStatus: 'Active',
      isActive: true,
      mustChangePassword: false,
      language: 'en',
      rolePermission: 'role-1',
      rolePermissionData: { _id: 'role-1', name: 'Test role', isActive: true, requireTwoStep: false, permissions: permissionsFor(grants) },
      ...user,
    },
    session: {
      deviceName: 'Desktop computer',
      operatingSystem: 'Linux',
      browserName: 'Chrome 140.0',
      ipAddress: '127.0.0.1',
      createdAt: '2026-01-10T08:00:00Z',
      lastActiveAt: '2026-01-10T08:05:00Z',
    },
    twoStep: { enabled: false, required: false, setupDue: false, enabledAt: null, recoveryCodesLeft: 0 },
  };
}
