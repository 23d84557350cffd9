import dayjs, { type Dayjs } from 'dayjs';
import type { components } from '@/api/schema';
import type { UserCreate } from '@/features/users/api/create-user';
import type { AccountStatus, User } from '@/features/users/api/get-users';
import type { UserUpdate } from '@/features/users/api/update-user';

type Gender = components['schemas']['Gender'];

/** The fields of the add and edit dialog; email, phone, password and status only when adding. */
export interface UserFormValues {
  fullName: string;
  email?: string;
  phone?: string;
  password?: string;
  userAccountStatus?: AccountStatus;
  dob?: Dayjs | null;
  gender?: Gender | null;
  emiratesId?: string | null;
  nicNumber?: string | null;
  passportNumber?: string | null;
  homeCountry?: string | null;
  homeCity?: string | null;
  rolePermission?: string;
}

/** Fields on the 'User Information' tab; the rest are on 'Roles & Permissions'. */
export const INFO_FIELDS = ['fullName', 'email', 'phone', 'password', 'userAccountStatus', 'dob', 'gender', 'emiratesId', 'nicNumber', 'passportNumber', 'homeCountry', 'homeCity'];

const blank = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

export function newUserValues(): Partial<UserFormValues> {
  return { userAccountStatus: 'Active', homeCountry: 'United Arab Emirates' };
}

export function fromUser(user: User): UserFormValues {
  return {
    fullName: user.fullName,
    dob: user.dob ? dayjs(user.dob) : null,
    gender: (user.gender as Gender | null | undefined) ?? null,
    emiratesId: user.emiratesId ?? null,
    nicNumber: user.nicNumber ?? null,
    passportNumber: user.passportNumber ?? null,
    homeCountry: user.homeCountry ?? null,
    homeCity: user.homeCity ?? null,
    rolePermission: user.rolePermission ?? undefined,
  };
}

/** The body of update-user (SPEC.md section 5: no email, phone, isActive, userAccountStatus or selectedRole). */
export function toUpdate(values: UserFormValues): UserUpdate {
  return {
    fullName: values.fullName.trim(),
    dob: values.dob ? values.dob.format('YYYY-MM-DD') : null,
    gender: values.gender ?? null,
    emiratesId: blank(values.emiratesId),
    nicNumber: blank(values.nicNumber),
    passportNumber: blank(values.passportNumber),
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
