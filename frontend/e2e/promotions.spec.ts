import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, mobileFor, uniqueStamp, type Api } from './support/api';
import { signIn } from './support/auth';
import { pickOption, rowOf, searchList, toast } from './support/lists';
import { mails } from './support/mail';
import { openMemberList } from './support/members';
import { clickAndSee, sidebar } from './support/nav';
import { dialog } from './support/ui';

/*
 * Issue 28, consent that stands up. Staff record at the counter that a member agrees to promotional emails (how,
 * and the wording signed), send an email campaign to the members of one plan (that member alone), and the
 * dispatcher sends it through the test SMTP server with the member's unsubscribe link. The member opens the link in
 * the browser and unsubscribes: the member's page then shows both records (the counter consent and the withdrawal by
 * the link) and no consent to email any more.
 *
 * Givens through the API (a plan, the approved member on it); the steps the issue names through the screens.
 * Promotional emails have no quiet hours (those hold SMS and WhatsApp), so the clock stays where it is.
 */

interface Member {
  _id: string;
  name: string;
  email: string;
}

/** An approved buyer on the plan, who has agreed to no promotion yet. */
async function createMember(api: Api, planId: string): Promise<Member> {
  const stamp = uniqueStamp();
  const first = 'Mariam';
  const last = `Promo${stamp.slice(-7)}`;
  const email = `mariam.${stamp}@example.com`;
  const expiry = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
  const answer = await api.send<{ data: { _id: string } }>('POST', '/members/create', {
    firstName: first,
    lastName: last,
    email,
    phone: mobileFor(stamp),
    memberIdentityNo: `784-1992-${stamp.slice(-7)}-3`,
    memberTypes: ['buyer'],
    memberEntity: 'individual',
    securityPlan: planId,
    preferredLanguage: 'en',
    memberProfile: { identityType: 'nic', identityExpiry: expiry, emirate: 'Dubai', city: 'Dubai' },
  });
  await api.send('PUT', '/members/update-status', { ids: [answer.data._id], status: 'approved' });
  return { _id: answer.data._id, name: `${first} ${last}`, email };
}

/** Opens the member's page from the Approved list, by their name. */
async function openMember(page: Page, member: Member): Promise<void> {
  await openMemberList(page, 'Approved', 'Approved members');
  await searchList(page, 'Search members', member.name);
  await clickAndSee(rowOf(page, member.name).getByRole('link', { name: member.name }), page.getByRole('region', { name: 'Promotions consent' }));
}

/** The row of a channel in the panel's 'Promotions consent by channel' table. */
function channelRow(page: Page, channel: 'SMS' | 'WhatsApp' | 'Email'): Locator {
  return page.getByRole('table', { name: 'Promotions consent by channel' }).getByRole('row').filter({ has: page.getByRole('cell', { name: channel, exact: true }) });
}

interface OutboxMessage {
  _id: string;
  status: string;
  subject: string | null;
}

/**
 * The campaign's email to the member, once the dispatcher has sent it: the outbox (the API, as the Emails screen
 * searches it) is read until then; a loaded machine stretches the dispatcher's answer.
 */
async function sentEmail(api: Api, member: Member, subject: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const answer = await api.send<{ data: OutboxMessage[] }>('POST', '/alerts/messages', { channel: 'email', search: member.name, pageNo: 1, limit: 10 });
        found = answer.data.find((message) => message.subject === subject);
        return found?.status ?? 'not written yet';
      },
      { message: `the email '${subject}' to ${member.name} is sent`, timeout: 30_000 },
    )
    .toMatch(/^(sent|delivered)$/);
  return found!;
}

test.describe('promotions', () => {
  test("a consent recorded at the counter, an email campaign, and the member's unsubscribe link withdrawing it", async ({ page }) => {
    // Three screens, a campaign through the dispatcher and the SMTP server, and a public page: room on a busy machine.
    test.setTimeout(120_000);
    await signIn(page);
    const api = await apiAs(page);
    const stamp = uniqueStamp();
    const plan = await api.send<{ _id: string; name: string }>('POST', '/plan/create', { name: `Newsletter ${stamp}`, planAmount: '1000.00', buyingPower: '20000.00' });
    const member = await createMember(api, plan._id);

    // At the counter: the member signs the form agreeing to promotional emails; staff record it with how and the wording.
    await openMember(page, member);
    await expect(channelRow(page, 'Email')).toContainText('Does not consent');
    await channelRow(page, 'Email').getByRole('button', { name: 'Record consent' }).click();
    const record = await dialog(page, 'Record consent: Email');
    await expect(record).toContainText('The member agrees to promotions by Email');
    const wording = record.getByLabel('Wording the member agreed to');
    await expect(wording).toHaveValue(/promotional emails/i);
    const signed = await wording.inputValue();
    await pickOption(page, record.getByRole('combobox', { name: 'How it was given' }), 'Signed form at the counter');
    await record.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Consent to Email promotions recorded')).toBeVisible();
    await expect(record).toBeHidden();
    await expect(channelRow(page, 'Email')).toContainText('Consents');
    const records = page.getByRole('table', { name: 'Consent records of the member' });
    await expect(records.getByRole('row').filter({ hasText: 'Signed form at the counter' })).toContainText('EmailConsent');

    // An email campaign to the members of that plan: the member alone.
    const menu = sidebar(page);
    const emails = menu.getByRole('link', { name: 'Emails', exact: true });
    if (!(await emails.isVisible())) await menu.getByRole('menuitem', { name: /\bAlerts$/ }).click();
    await clickAndSee(emails, page.getByRole('heading', { name: 'Emails', exact: true }));
    await page.getByRole('tab', { name: 'Campaigns' }).click();
    await page.getByRole('button', { name: /New campaign/ }).click();
    const form = await dialog(page, 'New email campaign');
    const name = `Spring newsletter ${stamp}`;
    const subject = `Classic cars this Thursday ${stamp}`;
    await form.getByLabel('Campaign name').fill(name);
    await form.getByLabel('English subject').fill(subject);
    await form.getByLabel('English text').fill('Hello {{ member.firstName }}, classic cars go under the hammer this Thursday.');
    await form.getByLabel('Arabic subject').fill(`سيارات كلاسيكية هذا الخميس ${stamp}`);
    await form.getByLabel('Arabic text').fill('مرحباً {{ member.firstName }}، سيارات كلاسيكية في المزاد هذا الخميس.');
    await expect(form).toContainText('An unsubscribe link is added to every promotional email.');
    await pickOption(page, form.getByRole('combobox', { name: 'Security plan' }), plan.name);
    await expect(form.getByRole('status').filter({ hasText: 'will receive it' })).toContainText('1 member will receive it');
    await form.getByRole('button', { name: 'Send now' }).click();
    await expect(toast(page, `${name} is being sent to 1 member.`)).toBeVisible();

    // The dispatcher sends it with the member's own unsubscribe link, in the mail as the SMTP server received it.
    const message = await sentEmail(api, member, subject);
    const detail = await api.send<{ unsubscribeUrl: string | null }>('GET', `/alerts/messages/${message._id}`);
    const link = detail.unsubscribeUrl;
    expect(link, 'a promotional email carries an unsubscribe link').toMatch(/\/unsubscribe\/[^/]+$/);
    await expect.poll(() => mails().find((mail) => mail.to.includes(member.email) && mail.subject === subject)?.body ?? '').toContain(link!);

    // The member opens the link (no sign-in) and unsubscribes.
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Unsubscribe from promotional emails' })).toBeVisible();
    await expect(page.getByText(`to ${member.email}?`)).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText(/You will no longer receive promotional emails from/)).toBeVisible();

    // The member's page: no consent to email any more, and both records, the withdrawal newest.
    await page.goto('/dashboard');
    await openMember(page, member);
    await expect(channelRow(page, 'Email')).toContainText('Does not consent');
    await expect(channelRow(page, 'Email').getByRole('button', { name: 'Record consent' })).toBeVisible();
    const rows = records.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('EmailWithdrawalThe unsubscribe link in a promotional email');
    await expect(rows.nth(1)).toContainText('EmailConsentSigned form at the counter');
    await expect(rows.nth(1)).toContainText(signed.slice(0, 20));
  });
});
