import { expect, type Locator, type Page, type Response } from '@playwright/test';

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

/**
 * Types into a list's search box, applies it with Enter and waits until the list shows its answer: the list's
 * request with this search answered and no table loading. Rows of the list before the search stay on the screen
 * while it loads, under the table's loading mask: a click on one of them then could be lost to the mask, or act on
 * a row the answer replaces.
 */
export async function searchList(page: Page, searchbox: string, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: searchbox });
  const wanted = text.trim();
  const pending = new URL(page.url()).searchParams.get('search') !== wanted;
  const answered = pending ? page.waitForResponse((response) => isListAnswer(response, wanted), { timeout: 10_000 }) : null;
  await box.fill(text);
  await box.press('Enter');
  if (answered) await answered;
  await expect(page.locator('main .ant-spin-spinning')).toHaveCount(0);
}

/** A list's answer to this search: a GET with `search` in its query, or a POST whose JSON body has it. */
function isListAnswer(response: Response, search: string): boolean {
  const request = response.request();
  const { pathname, searchParams } = new URL(request.url());
  if (!pathname.startsWith('/api/')) return false;
  if (searchParams.get('search') === search) return true;
  const body = request.postData();
  if (!body?.startsWith('{')) return false;
  try {
    return (JSON.parse(body) as { search?: unknown }).search === search;
  } catch {
    return false;
  }
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
