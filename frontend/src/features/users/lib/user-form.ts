import type { UserCreate } from '@/features/users/api/create-user';
import type { AccountStatus, User } from '@/features/users/api/get-users';
import type { UserUpdate } from '@/features/users/api/update-user';

/** The fields of the add and edit dialog; email, phone, password and status only when adding. A staff user has
 * none of a member's fields (gender, date of birth, passport, NIC): the dialog does not ask for them. */
export interface UserFormValues {
  fullName: string;
  email?: string;
  phone?: string;
  password?: string;
  userAccountStatus?: AccountStatus;
  emiratesId?: string | null;
  homeCountry?: string | null;
  homeCity?: string | null;
  rolePermission?: string;
}

/** Fields on the 'User Information' tab; the rest are on 'Roles & Permissions'. */
export const INFO_FIELDS = ['fullName', 'email', 'phone', 'password', 'userAccountStatus', 'emiratesId', 'homeCountry', 'homeCity'];

const blank = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

export function newUserValues(): Partial<UserFormValues> {
  return { userAccountStatus: 'Active', homeCountry: 'United Arab Emirates' };
}

export function fromUser(user: User): UserFormValues {
  return {
    fullName: user.fullName,
    emiratesId: user.emiratesId ?? null,
    homeCountry: user.homeCountry ?? null,
    homeCity: user.homeCity ?? null,
    rolePermission: user.rolePermission ?? undefined,
  };
}

/** The body of update-user (SPEC.md section 5: no email, phone, isActive, userAccountStatus or selectedRole).
 * The member-only fields the dialog no longer shows keep what an older record holds (`user`), never cleared. */
export function toUpdate(values: UserFormValues, user?: User): UserUpdate {
  return {
    fullName: values.fullName.trim(),
    dob: user?.dob ?? null,
    gender: (user?.gender as UserUpdate['gender']) ?? null,
    nicNumber: user?.nicNumber ?? null,
    passportNumber: user?.passportNumber ?? null,
    emiratesId: blank(values.emiratesId),
    homeCountry: blank(values.homeCountry),
    homeCity: blank(values.homeCity),
    rolePermission: values.rolePermission ?? '',
  };
}

/** The body of users/create: the editable fields plus email, phone, status and the initial password. */
export function toCreate(values: UserFormValues): UserCreate {
  return {
    ...toUpdate(values),
    email: (values.email ?? '').trim(),
    phone: (values.phone ?? '').trim(),
    password: values.password ?? '',
    userAccountStatus: values.userAccountStatus ?? 'Active',
  };
}
