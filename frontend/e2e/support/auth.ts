import { expect, type Page } from '@playwright/test';
import { dialog } from './ui';

/** The first administrator of the e2e backends (scripts/e2e-server.sh). */
export const ADMIN = { email: 'admin@example.com', password: 'Gavel-Admin-2026!' } as const;

export interface SignInOptions {
  email?: string;
  password?: string;
  rememberMe?: boolean;
}

/** Fills and submits the sign-in form, without waiting for the outcome. */
export async function submitSignIn(page: Page, options: SignInOptions = {}): Promise<void> {
  const { email = ADMIN.email, password = ADMIN.password, rememberMe = false } = options;
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) {
    await page.goto('/login');
  }
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const remember = page.getByRole('checkbox', { name: 'Remember me' });
  await remember.setChecked(rememberMe);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in and lands on the dashboard. The server keeps one live session per user, so when an earlier spec left
 * one behind, the 'Already signed in elsewhere' dialog is answered with 'End other session and continue'.
 */
export async function signIn(page: Page, options: SignInOptions = {}): Promise<void> {
  await submitSignIn(page, options);
  const welcome = page.getByRole('heading', { name: /^Welcome, / });
  const conflict = page.getByRole('dialog', { name: 'Already signed in elsewhere' });
  await expect(welcome.or(conflict)).toBeVisible();
  if (await conflict.isVisible()) {
    const open = await dialog(page, 'Already signed in elsewhere');
    await open.getByRole('button', { name: 'End other session and continue' }).click();
  }
  await expect(welcome).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Opens the user menu in the top bar and picks an item ("Profile" or "Logout"). */
export async function chooseFromUserMenu(page: Page, item: 'Profile' | 'Logout'): Promise<void> {
  const trigger = page.getByRole('button', { name: 'User menu' });
  const entry = page.getByRole('menuitem', { name: item });
  await trigger.click();
  await entry.click();
  await expect(entry).toBeHidden();
}


/** Signs out through the 'Logout Confirmation!' dialog and lands on /login. */
export async function signOut(page: Page): Promise<void> {
  await chooseFromUserMenu(page, 'Logout');
  const confirm = await dialog(page, 'Logout Confirmation!');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}
