import { expect, type Locator, type Page } from '@playwright/test';
import { dialog } from './ui';

/*
 * The confirmation a destructive or irreversible status change opens (reject, deactivate, cancel, suspend, set
 * inactive, returned): a dialog naming the records, with a 'Reason' field where the business needs one.
 */

/** The open confirmation with this title ('Reject Majid Seller1?'). */
export function confirmation(page: Page, title: string): Promise<Locator> {
  return dialog(page, title);
}

/** Answers the confirmation: types the reason when one is given, presses the confirm button and waits for it to close. */
export async function confirmChange(page: Page, title: string, button: string, reason?: string): Promise<void> {
  const ask = await confirmation(page, title);
  if (reason !== undefined) await ask.getByLabel('Reason').fill(reason);
  await ask.getByRole('button', { name: button, exact: true }).click();
  await expect(ask).toBeHidden();
}
