import type { components } from '@/api/schema';

export type Module = components['schemas']['Module'];
export type Permission = components['schemas']['PermissionIn'];
export type Privilege = Exclude<keyof Permission, 'module'>;

/** Every module a role can grant, in the order the privilege grids show them (SPEC.md section 6, DESIGN.md section 4). */
export const MODULES: readonly Module[] = [
  'Members',
  'Vehicles',
  'Auctions',
  'Calender',
  'Payments',
  'Roles',
  'Users',
  'Settings',
  'Alerts',
  'Reports',
  'AuditLog',
  'Sessions',
];

export const PRIVILEGES: readonly Privilege[] = ['add', 'view', 'edit', 'delete', 'updateStatus'];

/** A role's entry as the API answers it (module as a plain string). */
export interface PermissionLike {
  module: string;
  add: boolean;
  view: boolean;
  edit: boolean;
  delete: boolean;
  updateStatus: boolean;
}

/** One entry per module, every privilege off. */
export function emptyPermissions(): Permission[] {
  return MODULES.map((module) => ({ module, add: false, view: false, edit: false, delete: false, updateStatus: false }));
}

/** The full grid (one row per module, in MODULES order) from whatever entries a role carries. */
export function toPermissionGrid(entries: readonly PermissionLike[] | null | undefined): Permission[] {
  return emptyPermissions().map((row) => {
    const found = entries?.find((entry) => entry.module === row.module);
    return found ? { ...row, add: found.add, view: found.view, edit: found.edit, delete: found.delete, updateStatus: found.updateStatus } : row;
  });
}

interface RoleLike {
  isActive: boolean;
  permissions: readonly PermissionLike[];
}

/** Whether a role grants a privilege; a role that is switched off grants nothing (docs/decisions.md). */
export function roleAllows(role: RoleLike | null | undefined, module: Module, privilege: Privilege): boolean {
  if (!role?.isActive) return false;
  return role.permissions.some((entry) => entry.module === module && entry[privilege]);
}

/** What each box allows, module by module (GET /api/role/privileges; backend/gavel/permissions.py). */
export type PrivilegeTable = components['schemas']['ModulePrivileges'][];

/** What the box allows in the module, in words ('void invoices'); undefined when it allows nothing there. With
 * no table yet every box counts as allowing something, unnamed (''). */
export function boxAllows(table: PrivilegeTable | undefined, module: string, privilege: Privilege): string | undefined {
  if (!table) return '';
  return table.find((row) => row.module === module)?.boxes.find((box) => box.privilege === privilege)?.allows;
}

export interface GrantedModule {
  module: Module;
  boxes: { privilege: Privilege; allows: string }[];
}

/** The boxes a role's entries grant that allow something, module by module in the table's order. */
export function grantedInWords(table: PrivilegeTable, entries: readonly PermissionLike[] | null | undefined): GrantedModule[] {
  const grid = toPermissionGrid(entries);
  return table
    .map((row) => {
      const entry = grid.find((candidate) => candidate.module === row.module);
      return { module: row.module, boxes: row.boxes.filter((box) => entry?.[box.privilege]) };
    })
    .filter((row) => row.boxes.length > 0);
}
