import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { Api } from './api';
import { lastMailNumber, waitForCode } from './mail';
import { createBuyer, type Buyer } from './money';

/*
 * The members' bidder page (/bid, issue 26) in a phone's browser: an approved member with buying power and an email
 * address (the code comes by email through the test SMTP server), a browser context of their own 390 px wide, and
 * the sign-in by code as a member does it.
 */

export interface Bidder extends Buyer {
  email: string;
}

/** An approved member with 500,000 AED of buying power (a paid deposit) who signs in with their email address. */
export async function createBidder(api: Api): Promise<Bidder> {
  const buyer = (await createBuyer(api)) as Partial<Bidder> & Buyer;
  expect(buyer.email, 'the member created answers their email').toMatch(/@example\.com$/);
  return buyer as Bidder;
}

/** A phone's browser (390 x 844, touch) of its own: nothing shared with the staff's or another member's. */
export async function phonePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    reducedMotion: 'reduce',
    locale: 'en-GB',
    timezoneId: 'Asia/Dubai',
  });
  return context.newPage();
}

/** Signs the member in on /bid: their email address, then the 6-digit code from the mail it sends. */
export async function signInBidder(page: Page, bidder: Bidder): Promise<void> {
  await page.goto('/bid');
  await expect(page.getByRole('heading', { name: 'Sign in to bid' })).toBeVisible();
  const after = lastMailNumber();
  await page.getByLabel('Email or mobile number').fill(bidder.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await waitForCode(bidder.email, after);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(new RegExp(`^${bidder.firstName} · Paddle `))).toBeVisible();
}

/** The lot page's live panel: state, my status, asking price, current bid, leader, time left, the bid button. */
export function bidderLivePanel(page: Page): Locator {
  return page.locator('section.bidder-live');
}

/** A figure of the live panel ('Asking price', 'Current bid'): the value under its caption. */
export function bidderFigure(panel: Locator, caption: string): Locator {
  return panel.locator('div').filter({ has: panel.page().getByText(caption, { exact: true }) }).locator('> .bidder-figure');
}

/** Presses the bid button ('Bid AED 20,500.00') and confirms in its dialog (asked before every bid by default). */
export async function bidAsking(page: Page, amount: string): Promise<void> {
  const name = `Bid AED ${amount}`;
  await bidderLivePanel(page).getByRole('button', { name, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your bid' });
  await expect(confirm).toContainText(`You are bidding AED ${amount}.`);
  await confirm.getByRole('button', { name, exact: true }).click();
  await expect(page.getByText(`Your bid of AED ${amount} is in.`, { exact: true })).toBeVisible();
}
