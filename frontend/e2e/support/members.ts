import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption, toast } from './lists';
import { clickAndSee, sidebar } from './nav';

/** A real 8 x 6 PNG: the upload checks the content, not the name. */
export const DOCUMENT_PNG = {
  name: 'emirates-id-front.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAFElEQVR4nGM8ISfHgA0wYRWlkwQAmxQBECiKgAAAAAAASUVORK5CYII=', 'base64'),
};

/** Opens a member list from the sidebar's 'Members' group (unfolding it when needed). */
export async function openMemberList(page: Page, link: 'Review' | 'Approved' | 'Deactivated' | 'Rejected', heading: string): Promise<void> {
  const menu = sidebar(page);
  // 'Approved', 'Rejected' and 'Review' are also vehicle links: the address tells the member one apart.
  const target = menu.getByRole('link', { name: link, exact: true }).and(menu.locator(`[href="${LIST_HREF[link]}"]`));
  if (!(await target.isVisible())) await menu.getByRole('menuitem', { name: /\bMembers$/ }).click();
  await clickAndSee(target, page.getByRole('heading', { name: heading, exact: true }));
}

const LIST_HREF = {
  Review: '/review-members',
  Approved: '/active-members',
  Deactivated: '/deactivated-members',
  Rejected: '/rejected-members',
} as const;

/** Types a date into an Ant Design date picker (DD/MM/YYYY) and moves on with Tab. */
export async function typeDate(field: Locator, day: string): Promise<void> {
  await field.click();
  await field.pressSequentially(day);
  await field.press('Tab');
  await expect(field).toHaveValue(day);
}

/** Picks a row's status transition from its 'Change status of <name>' dropdown. */
export async function changeRowStatus(page: Page, name: string, transition: string): Promise<void> {
  await pickOption(page, page.getByRole('combobox', { name: `Change status of ${name}` }), transition);
}

/**
 * Waits for the toast with this text and closes it, so that a later toast with the same text (a member approved
 * twice) is not mistaken for this one.
 */
export async function seeAndCloseToast(page: Page, text: string): Promise<void> {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await shown.getByRole('button', { name: /close/i }).click();
  await expect(shown).toBeHidden();
}
