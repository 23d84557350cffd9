import { expect, type Locator, type Page } from '@playwright/test';
import { clickAndSee, sidebar } from './nav';

/** Opens the staff session console from the sidebar's Settings group (unfolding it first). */
export async function openSessionConsole(page: Page): Promise<void> {
  const menu = sidebar(page);
  const link = menu.getByRole('link', { name: 'Sessions', exact: true });
  if (!(await link.isVisible())) await menu.getByRole('menuitem', { name: /\bSettings$/ }).click();
  await clickAndSee(link, page.getByRole('heading', { name: 'Staff sessions', exact: true }));
}

/** The console's row of a staff user's live session. */
export function sessionRow(page: Page, name: string): Locator {
  return page.getByRole('table', { name: 'Live staff sessions' }).getByRole('row').filter({ hasText: name });
}

/** Lands on the sign-in page: the token is gone and the form shows. */
export async function expectSignedOut(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}
