import { expect, type Locator, type Page } from '@playwright/test';

/** The sidebar ('Main menu'). */
export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' });
}

const SETTINGS_LINKS = ['Roles', 'Locations', 'Security Plan', 'Charges'];

/** Opens a screen from the sidebar, unfolding the 'Settings' group first when the link is in it. */
export async function openFromSidebar(page: Page, link: string, heading = link): Promise<void> {
  const menu = sidebar(page);
  const target = menu.getByRole('link', { name: link, exact: true });
  if (SETTINGS_LINKS.includes(link) && !(await target.isVisible())) {
    await menu.getByRole('menuitem', { name: /\bSettings$/ }).click();
  }
  await clickUntilShown(target, page.getByRole('heading', { name: heading, exact: true }));
}

/**
 * Clicks a sidebar link until its page shows: a click that lands while a group is still unfolding hits the
 * link's old place and is lost.
 */
export async function clickUntilShown(link: Locator, shown: Locator): Promise<void> {
  await expect(async () => {
    await link.click({ timeout: 3_000 });
    await expect(shown).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}
