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
  await clickAndSee(target, page.getByRole('heading', { name: heading, exact: true }));
}

/** Clicks a link and waits for what it opens. */
export async function clickAndSee(link: Locator, shown: Locator): Promise<void> {
  await link.click();
  await expect(shown).toBeVisible();
}
