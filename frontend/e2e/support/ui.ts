import { expect, type Locator, type Page } from '@playwright/test';

/** Waits until an element (a modal, a drawer) has finished Ant Design's enter animation. */
export async function settled(locator: Locator): Promise<Locator> {
  await expect(locator).toBeVisible();
  await expect
    .poll(
      () =>
        locator.evaluate(
          (element) =>
            /-(appear|enter|leave)(-start|-active)?(\s|$)/.test(element.className) ||
            element.getAnimations({ subtree: true }).some((animation) => animation.playState === 'running'),
        ),
      { message: 'the enter animation should finish' },
    )
    .toBe(false);
  return locator;
}

/** The open dialog with this title, once its enter animation is over. */
export async function dialog(page: Page, title: string): Promise<Locator> {
  return settled(page.getByRole('dialog', { name: title }));
}

/** The value of a `m:ss` countdown shown inside `locator`, in seconds. */
export async function countdownSeconds(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  const match = /(\d+):(\d{2})/.exec(text);
  if (!match) throw new Error(`no m:ss countdown in "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The session token as the SPA keeps it: in local storage (remember me) or in the `token` cookie. */
export async function storedToken(page: Page): Promise<{ local: string | null; cookie: string | null }> {
  const local = await page.evaluate(() => window.localStorage.getItem('token'));
  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name === 'token')?.value ?? null;
  return { local, cookie: cookie === '' ? null : cookie };
}
