import { expect, type Locator, type Page } from '@playwright/test';

/*
 * The parts every list screen shares (summary cards, search, row selection, bulk actions), and Ant Design's
 * select as a person uses it: open the box, pick the option.
 */

/** Opens a select (a combobox, found by its label) and picks the option with exactly this name. */
export async function pickOption(page: Page, combobox: Locator, option: string): Promise<void> {
  const choice = page.getByRole('option', { name: option, exact: true });
  await combobox.click();
  await choice.click();
  await expect(choice).toBeHidden();
}

/** Types into a searchable select to narrow its options, then picks one. */
export async function searchAndPick(page: Page, combobox: Locator, text: string, option: string): Promise<void> {
  await combobox.click();
  await combobox.pressSequentially(text);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('option', { name: option, exact: true })).toBeHidden();
}

/** The card button in the 'Summary' region whose label starts with `label` ("Active users"). */
export function summaryCard(page: Page, label: string): Locator {
  return page.getByRole('region', { name: 'Summary' }).getByRole('button', { name: new RegExp(`^${label}\\b`) });
}

/** The number a summary card shows. */
export async function summaryCount(page: Page, label: string): Promise<number> {
  const card = summaryCard(page, label);
  await expect(card).toHaveText(new RegExp(`^${label}\\s*[\\d,]+$`));
  const text = (await card.textContent()) ?? '';
  return Number(/([\d,]+)$/.exec(text)?.[1]?.replaceAll(',', ''));
}

/** The summary counts under these labels, once the list has loaded. */
export async function summaryCounts<L extends string>(page: Page, labels: readonly L[]): Promise<Record<L, number>> {
  const counts = {} as Record<L, number>;
  for (const label of labels) counts[label] = await summaryCount(page, label);
  return counts;
}

/** Waits until every summary card shows the expected number. */
export async function expectSummary(page: Page, expected: Record<string, number>): Promise<void> {
  for (const [label, count] of Object.entries(expected)) {
    await expect(summaryCard(page, label)).toHaveText(new RegExp(`^${label}\\s*${count.toLocaleString('en-US')}$`));
  }
}

/** Types into a list's search box and applies it with Enter. */
export async function searchList(page: Page, searchbox: string, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: searchbox });
  await box.fill(text);
  await box.press('Enter');
}

/** The table row whose text contains `name`. */
export function rowOf(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ hasText: name });
}

/** Ticks the row checkboxes of these names and waits for the 'Bulk actions' toolbar to count them. */
export async function selectRows(page: Page, names: readonly string[]): Promise<Locator> {
  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
  const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bulk.getByText(`${names.length} selected`, { exact: true })).toBeVisible();
  return bulk;
}

/** The toast (notification) showing this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}
