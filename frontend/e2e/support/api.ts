import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { storedToken } from './ui';

/*
 * Test data made through the API with the session of a signed-in page (its token, so no second session is
 * started). Use it only for what a spec needs as a given, never for the steps the spec is about.
 */

export type Privilege = 'add' | 'view' | 'edit' | 'delete' | 'updateStatus';

let lastStamp = 0;

/** A number never handed out twice (milliseconds since 1970, or one more): a suffix for names, emails, phones. */
export function uniqueStamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return String(lastStamp);
}

/** A UAE mobile number ("050 123 4567") made from the last seven digits of a stamp. */
export function mobileFor(stamp: string): string {
  const digits = stamp.slice(-7).padStart(7, '0');
  return `050 ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

export interface Api {
  /** The page whose browser context sends the calls. */
  readonly page: Page;
  send<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T>;
}

function tokenApi(page: Page, token: string): Api {
  return {
    page,
    async send<T>(method: string, path: string, data?: unknown): Promise<T> {
      const response = await page.request.fetch(`/api${path}`, {
        method,
        data,
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.ok(), `${method} /api${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    },
  };
}

/** Calls /api with the token of the user signed in on `page`; every call must succeed. */
export async function apiAs(page: Page): Promise<Api> {
  const { local, cookie } = await storedToken(page);
  const token = local ?? cookie;
  if (!token) throw new Error('apiAs: the page is not signed in');
  return tokenApi(page, token);
}

/** Signs another staff user in through the API (no browser of their own) and calls /api as them. */
export async function apiSignIn(page: Page, email: string, password: string): Promise<Api> {
  const login = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), `login answered ${login.status()}: ${await login.text()}`).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return tokenApi(page, token);
}

const MODULES = ['Members', 'Vehicles', 'Auctions', 'Calender', 'Payments', 'Roles', 'Users', 'Settings', 'Alerts', 'Reports', 'AuditLog', 'Sessions'];

/** Creates an active role granting exactly `grants` (e.g. { Members: ['view'] }); answers its id. */
export async function createRole(api: Api, name: string, grants: Record<string, Privilege[]>): Promise<string> {
  const permissions = MODULES.map((module) => {
    const granted = grants[module] ?? [];
    return {
      module,
      add: granted.includes('add'),
      view: granted.includes('view'),
      edit: granted.includes('edit'),
      delete: granted.includes('delete'),
      updateStatus: granted.includes('updateStatus'),
    };
  });
  const role = await api.send<{ _id: string }>('POST', '/role/create', { name, isActive: true, permissions });
  return role._id;
}

export interface StaffUser {
  fullName: string;
  email: string;
  phone: string;
  password: string;
  rolePermission: string;
}

/**
 * Creates an active staff user who has signed in once and chosen `user.password` as their own (the administrator
 * gives an initial password, which Gavel makes the colleague replace at the first sign-in); answers its id. That
 * first session is signed out, so the colleague can sign in anywhere.
 */
export async function createStaffUser(api: Api, user: StaffUser): Promise<string> {
  const initial = `Given-${uniqueStamp()}-Pw`;
  const answer = await api.send<{ user: { _id: string } }>('POST', '/users/create', {
    ...user,
    password: initial,
    userAccountStatus: 'Active',
  });
  await chooseOwnPassword(api.page.request, user.email, initial, user.password);
  return answer.user._id;
}

/** Signs a new staff user in through the API with the password an administrator gave them, chooses `own`
 * instead, and signs that session out. */
export async function chooseOwnPassword(request: APIRequestContext, email: string, given: string, own: string): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email, password: given } });
  expect(login.ok(), `login answered ${login.status()}: ${await login.text()}`).toBe(true);
  const { token, user } = (await login.json()) as { token: string; user: { mustChangePassword: boolean } };
  expect(user.mustChangePassword).toBe(true);
  const headers = { Authorization: `Bearer ${token}` };
  const changed = await request.put('/api/auth/change-password', { headers, data: { currentPassword: given, password: own, confirmPassword: own } });
  expect(changed.ok(), `change-password answered ${changed.status()}: ${await changed.text()}`).toBe(true);
  const out = await request.post('/api/auth/logout', { headers });
  expect(out.ok(), `logout answered ${out.status()}`).toBe(true);
}
