import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { paths } from '../src/lib/paths';
import { mobileFor, uniqueStamp, type Api } from './support/api';
import {
  adminSession,
  ar,
  createStaff,
  describeOffenders,
  en,
  englishOnScreen,
  openInApp,
  pdfHas,
  pdfText,
  signInAs,
  signOutInArabic,
  sidewaysScroll,
  watchApiCalls,
  watchCsp,
  watchData,
  type Offender,
} from './support/arabic';
import { moveClock, sellVehicle } from './support/money';
import { dialog } from './support/ui';
import { createApprovedSeller, createVehicle } from './support/vehicles';

/*
 * Issue 27: the staff web app in Arabic, in Chromium.
 * 1. A staff user switches to Arabic with the top bar's switch: <html dir="rtl" lang="ar">, the sidebar on the right;
 *    the choice survives a reload and a sign-out and sign-in (it is kept on the user, not on the device).
 * 2. Every screen of the sidebar (and the profile) opens right to left at 1440 × 900: no English word visible outside
 *    the data, no sideways scroll of the page or of a table, the strict CSP intact (the Arabic font is a lazily loaded
 *    CSS chunk and woff2 files of our own origin); a screenshot of each under the test's output directory.
 * 3. A member is approved and a payment recorded through the Arabic screens; the confirmations are in Arabic; the
 *    invoice's PDF downloads with its Arabic (and its English) text.
 *
 * The users are staff users of their own (every privilege), never the shared administrator: the language is kept on
 * the user, and the other specs read the screens in English. The givens are made through the API with the
 * administrator's session, in a browser of its own.
 *
 * "Outside the data": the words of every string the API's JSON answers held (support/arabic.ts, watchData) are data,
 * case-sensitive; so are the inputs' values, an element in English (lang="en": the switch back to English) and a short
 * list of Latin codes and names the Arabic catalogues keep in Latin (LATIN_ALLOWED, each with its reason). Every other
 * word of two or more Latin letters (and no digit) is reported with its screen, the element's text and where it is.
 */

interface Screen {
  /** The screenshot's name. */
  name: string;
  path: string;
}

/** Every screen of the sidebar (src/app/shell/nav-items.tsx), in its order; the spec checks the sidebar has no other. */
const SIDEBAR_SCREENS: Screen[] = [
  { name: 'dashboard', path: paths.dashboard },
  { name: 'users', path: paths.userManagement },
  { name: 'vehicles-review', path: paths.reviewVehicles },
  { name: 'vehicles-approved', path: paths.approvedVehicles },
  { name: 'vehicles-rejected', path: paths.rejectedVehicles },
  { name: 'vehicles-sold', path: paths.soldVehicles },
  { name: 'vehicles-canceled', path: paths.canceledVehicles },
  { name: 'gate', path: paths.gate },
  { name: 'auctions-draft', path: paths.draftAuctions },
  { name: 'auctions-published', path: paths.publishedAuctions },
  { name: 'auctions-completed', path: paths.completedAuctions },
  { name: 'auctions-on-approval', path: paths.onApproval },
  { name: 'calendar', path: paths.calendar },
  { name: 'members-review', path: paths.reviewMembers },
  { name: 'members-approved', path: paths.activeMembers },
  { name: 'members-deactivated', path: paths.deactivatedMembers },
  { name: 'members-rejected', path: paths.rejectedMembers },
  { name: 'invoices', path: paths.invoiceManagement },
  { name: 'payments-inbound', path: paths.inboundPayments },
  { name: 'payments-outbound', path: paths.outboundPayments },
  { name: 'reports', path: paths.reports },
  { name: 'alerts-sms', path: paths.promotions },
  { name: 'alerts-whatsapp', path: paths.whatsappSms },
  { name: 'alerts-emails', path: paths.emails },
  { name: 'roles', path: paths.roles },
  { name: 'locations', path: paths.locations },
  { name: 'security-plan', path: paths.securityPlan },
  { name: 'charges', path: paths.charges },
  { name: 'business', path: paths.businessSettings },
  { name: 'bid-increments', path: paths.bidIncrements },
  { name: 'sessions', path: paths.sessions },
  { name: 'audit-log', path: paths.auditLog },
];

/** Besides the sidebar: the profile (from the user menu), where the language is chosen too. */
const OTHER_SCREENS: Screen[] = [{ name: 'profile', path: paths.profile }];

const ARABIC_LETTER = /[\u0600-\u06FF]/;

/** Where the sidebar ('Main menu' in the screens' language) lies across the viewport. */
async function sidebarBox(page: Page, name: string): Promise<{ left: number; right: number; width: number }> {
  const box = await page.getByRole('navigation', { name, exact: true }).boundingBox();
  if (!box) throw new Error('the sidebar is not on screen');
  return { left: box.x, right: box.x + box.width, width: page.viewportSize()!.width };
}

/** <html>'s lang and dir. */
async function htmlLanguage(page: Page): Promise<{ lang: string; dir: string }> {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/**
 * Givens for the tour, so that the lists have rows of their kinds: a sale (a sold vehicle, its tax invoice, a
 * completed event's auction, its yard) whose invoice has a card payment waiting for verification, a member waiting
 * in Review, a vehicle waiting in Review and a charge switched off. The clock goes back to now after the sale.
 */
async function tourGivens(api: Api): Promise<void> {
  const stamp = uniqueStamp();
  const sale = await sellVehicle(api, stamp, 42000);
  // Paid a quarter of an hour after the sale, with the clock after it: a payment is never dated after the clock.
  await moveClock(api, new Date(`${sale.saleDay}T17:00:00+04:00`));
  const invoices = await api.send<{ data: { _id: string; total: number }[] }>('POST', '/invoices/get', { vehicleId: sale.vehicle._id, kind: 'invoice' });
  await api.send('POST', '/payments/inbound', {
    invoiceId: invoices.data[0]!._id,
    amount: 10000,
    paymentMethod: 'card',
    paymentReferenceId: `SLIP-${stamp}`,
    paymentDateAndTime: `${sale.saleDay}T16:45:00+04:00`,
  });
  await moveClock(api);
  await createPendingMember(api, stamp);
  await createVehicle(api, (await createApprovedSeller(api))._id, `Lexus LX 600 ${stamp}`);
  await api.send('POST', '/charge/create', { title: `Storage fee ${stamp}`, charges: '150.00', kind: 'sale', appliesTo: 'buyer', minPrice: '1.00', maxPrice: '5000.00', isActive: false });
}

interface Member {
  _id: string;
  firstName: string;
  lastName: string;
}

/** A buyer waiting in Review (created, not approved). */
async function createPendingMember(api: Api, stamp: string): Promise<Member> {
  const plan = await api.send<{ _id: string }>('POST', '/plan/create', { name: `Silver ${stamp}`, planAmount: '20000.00', buyingPower: '200000.00' });
  const expiry = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
  const answer = await api.send<{ data: Member }>('POST', '/members/create', {
    firstName: 'Hamdan',
    lastName: `Review${stamp.slice(-6)}`,
    email: `review.${stamp}@example.com`,
    phone: mobileFor(stamp),
    memberIdentityNo: `784-1990-${stamp.slice(-7)}-3`,
    memberTypes: ['buyer'],
    memberEntity: 'individual',
    securityPlan: plan._id,
    memberProfile: { identityType: 'nic', identityExpiry: expiry, emirate: 'Dubai', city: 'Dubai' },
  });
  return answer.data;
}

/** A button by its label: Ant Design's icon before it adds its own name ("plus سجّل دفعة"). */
function labelled(label: string): RegExp {
  return new RegExp(`(^|\\s)${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

test.describe('the staff web app in Arabic (issue 27)', () => {
  let admin: Awaited<ReturnType<typeof adminSession>> | undefined;

  test.afterEach(async () => {
    // The shared backend's clock back to the real time (a sale moves it), and the administrator's browser closed.
    if (admin) {
      await moveClock(admin.api);
      await admin.context.close();
    }
    admin = undefined;
  });

  test('the top bar switches to Arabic: right to left, the sidebar on the right, kept over a reload and a new sign-in', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    admin = await adminSession(browser, baseURL);
    const staff = await createStaff(admin.api, 'en');
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, staff, 'en');
    expect(await htmlLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    const english = await sidebarBox(page, en('nav.mainMenu'));
    expect(english.left, 'in English the sidebar starts at the left edge').toBeLessThanOrEqual(1);

    // The switch names the other language in its own script.
    const toArabic = page.getByRole('button', { name: en('topBar.switchLanguage'), exact: true });
    await expect(toArabic).toHaveText(en('topBar.otherLanguage'));
    await expect(toArabic).toHaveAttribute('lang', 'ar');
    await toArabic.click();

    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { name: ar('dashboard.welcome', { name: staff.fullName }), exact: true })).toBeVisible();
    const toEnglish = page.getByRole('button', { name: ar('topBar.switchLanguage'), exact: true });
    await expect(toEnglish).toHaveText(ar('topBar.otherLanguage'));
    await expect(toEnglish).toHaveAttribute('lang', 'en');
    const arabic = await sidebarBox(page, ar('nav.mainMenu'));
    expect(arabic.right, 'in Arabic the sidebar ends at the right edge').toBeGreaterThanOrEqual(arabic.width - 1);
    expect(arabic.left, 'in Arabic the sidebar is on the right half').toBeGreaterThan(arabic.width / 2);
    await page.screenshot({ path: test.info().outputPath('switched.png') });

    // A reload opens in Arabic.
    await page.reload();
    await expect(page.getByRole('heading', { name: ar('dashboard.welcome', { name: staff.fullName }), exact: true })).toBeVisible();
    expect(await htmlLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });

    // Signed out, the sign-in page is in the browser's language and the device forgets the choice...
    await signOutInArabic(page);
    await expect(page.getByRole('heading', { name: en('login.title'), exact: true })).toBeVisible();
    expect(await htmlLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(await page.evaluate(() => window.localStorage.getItem('gavel.language')), 'the device keeps no language once signed out').toBeNull();
    // ...and the next sign-in opens in Arabic: the language is the user's.
    await signInAs(page, staff, 'ar');
    expect(await htmlLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    const again = await sidebarBox(page, ar('nav.mainMenu'));
    expect(again.left, 'after signing in again the sidebar is on the right').toBeGreaterThan(again.width / 2);
  });

  test('every screen of the sidebar in Arabic: right to left, no English outside the data, no sideways scroll at 1440 px, the CSP intact', async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(420_000);
    admin = await adminSession(browser, baseURL);
    await tourGivens(admin.api);
    const staff = await createStaff(admin.api, 'ar');

    await page.setViewportSize({ width: 1440, height: 900 });
    const csp = await watchCsp(page);
    const data = watchData(page);
    const calls = watchApiCalls(page);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    await signInAs(page, staff, 'ar');
    expect(await csp.take(), 'no CSP violation while signing in').toEqual([]);

    // The hunt does find English: words added to the page are reported when seen (aria-hidden too: it is on screen),
    // not when hidden, in English by their lang, an allowed code, or a name of the data.
    await calls.quiet();
    await page.evaluate((name) => {
      const probe = document.createElement('div');
      probe.id = 'arabic-spec-probe';
      probe.innerHTML =
        '<p>تم الحفظ Saved now</p><p aria-hidden="true">Mon Tue</p><p style="display:none">Hidden label</p>' +
        `<p lang="en">English</p><p>رقم الهيكل (VIN) · ${name}</p><input placeholder="Type here">`;
      document.querySelector('main')!.prepend(probe);
    }, staff.fullName);
    const probed = await englishOnScreen(page, 'probe', data, page.locator('#arabic-spec-probe'));
    expect(probed.map((offender) => offender.word).toSorted(), 'the hunt reports exactly the English words shown').toEqual(['Mon', 'Saved', 'Tue', 'Type', 'here', 'now']);
    await page.evaluate(() => document.getElementById('arabic-spec-probe')?.remove());

    const offenders: Offender[] = [];
    const suspects: Offender[] = [];
    const measured: Record<string, unknown> = {};
    try {
      for (const screen of [...SIDEBAR_SCREENS, ...OTHER_SCREENS]) {
        await test.step(screen.name, async () => {
          data.mark();
          await openInApp(page, screen.path);
          await expect(page.getByRole('heading', { level: 1 }).first(), `${screen.name} shows its title`).toBeVisible();
          await calls.quiet();
          await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active'), `${screen.name} has loaded`).toHaveCount(0);
          await page.evaluate(() => document.fonts.ready.then(() => undefined));

          expect.soft(await htmlLanguage(page), `${screen.name}: <html lang dir>`).toEqual({ lang: 'ar', dir: 'rtl' });
          await page.screenshot({ path: testInfo.outputPath(`${screen.name}.png`), fullPage: true });

          const english = await englishOnScreen(page, screen.name, data, undefined, suspects);
          offenders.push(...english);
          expect.soft(english, `${screen.name}: English words outside the data:\n${describeOffenders(english)}`).toEqual([]);

          const scroll = await sidewaysScroll(page);
          measured[screen.name] = scroll;
          expect.soft(scroll.page[0], `${screen.name}: the page scrolls sideways (${scroll.page[0]} px in ${scroll.page[1]} px)`).toBeLessThanOrEqual(scroll.page[1]);
          expect.soft(scroll.tables, `${screen.name}: tables that scroll sideways`).toEqual([]);

          expect.soft(await csp.take(), `${screen.name}: CSP violations`).toEqual([]);
        });
      }

      // Every group of the sidebar unfolded: its links are the screens above, no more and no fewer.
      const sidebar = page.getByRole('navigation', { name: ar('nav.mainMenu'), exact: true });
      const folded = sidebar.locator('[role="menuitem"][aria-expanded="false"]');
      while ((await folded.count()) > 0) {
        const count = await folded.count();
        await folded.first().click();
        await expect(folded).toHaveCount(count - 1);
      }
      const links = await sidebar
        .locator('a[href]')
        .evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
      expect(links.toSorted(), 'the sidebar links to exactly these screens').toEqual(SIDEBAR_SCREENS.map((screen) => screen.path).toSorted());

      // The Arabic face came from our own origin, and is in use.
      expect(fonts.length, 'the Arabic font was fetched').toBeGreaterThan(0);
      for (const font of fonts) expect.soft(new URL(font).origin, `the font ${font} comes from our own origin`).toBe(new URL(page.url()).origin);
      expect(await page.evaluate(() => document.fonts.check('16px "IBM Plex Sans Arabic"', 'عربي')), 'IBM Plex Sans Arabic is loaded').toBe(true);
    } finally {
      writeFileSync(testInfo.outputPath('english-words.json'), JSON.stringify(offenders, null, 2));
      writeFileSync(testInfo.outputPath('measured.json'), JSON.stringify(measured, null, 2));
      // Not failures: words shown as data that are also words of the English screens (an English label in the data?).
      writeFileSync(testInfo.outputPath('data-words-to-review.json'), JSON.stringify(suspects, null, 2));
      await testInfo.attach('english-words', { body: describeOffenders(offenders) || '(none)', contentType: 'text/plain' });
    }
  });

  test('a member approved and a payment recorded in Arabic; the confirmations in Arabic; the invoice PDF in both languages', async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    admin = await adminSession(browser, baseURL);
    const stamp = uniqueStamp();
    const member = await createPendingMember(admin.api, stamp);
    const memberName = `${member.firstName} ${member.lastName}`;
    // The sale issues the buyer's tax invoice; the backend's clock stands on the sale day until afterEach.
    const sale = await sellVehicle(admin.api, stamp, 25000);
    const invoice = (await admin.api.send<{ data: { _id: string; invoiceNo: string }[] }>('POST', '/invoices/get', { vehicleId: sale.vehicle._id, kind: 'invoice' })).data[0]!;
    const staff = await createStaff(admin.api, 'ar');

    await page.setViewportSize({ width: 1440, height: 900 });
    const data = watchData(page);
    await signInAs(page, staff, 'ar');
    const menu = page.getByRole('navigation', { name: ar('nav.mainMenu'), exact: true });

    /** The newest toast is in Arabic (Arabic letters, no Latin word but the data's); closed once read. */
    const expectArabicToast = async (what: string) => {
      const shown = page.getByRole('alert').last();
      await expect(shown).toBeVisible();
      await expect(shown).not.toHaveText('');
      const text = ((await shown.textContent()) ?? '').trim();
      expect.soft(text, `${what}: the confirmation is in Arabic`).toMatch(ARABIC_LETTER);
      const english = await englishOnScreen(page, `${what} (toast)`, data, shown);
      expect.soft(english, `${what}: English in the confirmation "${text}":\n${describeOffenders(english)}`).toEqual([]);
      await shown.locator('.ant-notification-notice-close').click();
      await expect(shown).toBeHidden();
      return text;
    };

    // The member: Review, found by name, approved.
    data.mark();
    await menu.getByRole('menuitem', { name: ar('nav.members') }).click();
    await menu.getByRole('link', { name: ar('nav.review'), exact: true }).and(menu.locator(`[href="${paths.reviewMembers}"]`)).click();
    await expect(page.getByRole('heading', { name: ar('members.title.review'), exact: true })).toBeVisible();
    const search = page.getByRole('searchbox', { name: ar('members.search') });
    await search.fill(member.lastName);
    await search.press('Enter');
    const row = page.getByRole('row').filter({ hasText: member.lastName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(ar('members.status.pending'));
    await page.getByRole('combobox', { name: ar('members.changeStatusOf', { name: memberName }), exact: true }).click();
    await page.getByRole('option', { name: ar('members.transition.approved'), exact: true }).click();
    const approved = await expectArabicToast('the member approved');
    await expect(row).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('member-approved.png') });

    // The invoice: Invoices, found by its number, opened in its drawer.
    data.mark();
    await menu.getByRole('menuitem', { name: ar('nav.payments') }).click();
    await menu.getByRole('link', { name: ar('nav.invoices'), exact: true }).click();
    await expect(page.getByRole('heading', { name: ar('nav.invoices'), exact: true })).toBeVisible();
    const invoices = page.getByRole('searchbox', { name: ar('invoices.search') });
    await invoices.fill(invoice.invoiceNo);
    await invoices.press('Enter');
    await page.getByRole('link', { name: invoice.invoiceNo, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: ar('invoices.drawer.title', { invoice: invoice.invoiceNo }), exact: true });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('table', { name: ar('invoices.payments.label') })).toContainText(ar('invoices.payments.none'));
    const inDrawer = await englishOnScreen(page, 'invoice drawer', data);
    expect.soft(inDrawer, `the invoice drawer: English words outside the data:\n${describeOffenders(inDrawer)}`).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('invoice-drawer.png') });

    // A card payment of what is open, recorded in Arabic.
    await drawer.getByRole('button', { name: labelled(ar('payments.record.button')) }).click();
    const record = await dialog(page, ar('payments.record.titleFor', { invoice: invoice.invoiceNo }));
    await expect(record.getByLabel(ar('payments.record.amount'))).not.toHaveValue('');
    const card = record.getByRole('radio', { name: ar('payments.method.card'), exact: true });
    await record.locator('label').filter({ has: page.getByRole('radio', { name: ar('payments.method.card'), exact: true }) }).click();
    await expect(card).toBeChecked();
    await record.getByLabel(ar('payments.record.reference')).fill(`SLIP-${stamp}`);
    const inDialog = await englishOnScreen(page, 'record payment dialog', data);
    expect.soft(inDialog, `the Record payment dialog: English words outside the data:\n${describeOffenders(inDialog)}`).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('record-payment.png') });
    await record.getByRole('button', { name: labelled(ar('payments.record.submit')) }).click();
    await expect(record).toBeHidden();
    const recorded = await expectArabicToast('the payment recorded');
    expect.soft(recorded, 'the confirmation names the payment').toMatch(/PAY-\d{4}-\d{6}/);
    await expect(drawer.getByRole('table', { name: ar('invoices.payments.label') })).toContainText(`SLIP-${stamp}`);

    // Nothing is left to record: the button stays, disabled, with the server's reason in Arabic as its tooltip.
    const again = drawer.getByRole('button', { name: labelled(ar('payments.record.button')) });
    await expect(again).toBeDisabled();
    await again.locator('xpath=..').hover();
    const why = page.getByRole('tooltip');
    await expect(why).toBeVisible();
    await expect(why).not.toHaveText('');
    const reason = ((await why.textContent()) ?? '').trim();
    expect.soft(reason, `the reason Record payment is disabled is in Arabic: "${reason}"`).toMatch(ARABIC_LETTER);
    const inReason = await englishOnScreen(page, 'Record payment disabled (tooltip)', data, why);
    expect.soft(inReason, `English in the tooltip "${reason}":\n${describeOffenders(inReason)}`).toEqual([]);
    await page.mouse.move(0, 0);

    // The PDF, downloaded from the drawer: the tax invoice in both languages.
    const downloading = page.waitForEvent('download');
    await drawer.getByRole('button', { name: labelled(ar('invoices.downloadPdf')) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${invoice.invoiceNo}.pdf`);
    const pdf = readFileSync(await download.path());
    writeFileSync(testInfo.outputPath(`${invoice.invoiceNo}.pdf`), pdf);
    expect(pdf.subarray(0, 5).toString('latin1'), 'a PDF').toBe('%PDF-');
    const text = pdfText(pdf);
    writeFileSync(testInfo.outputPath(`${invoice.invoiceNo}.txt`), text);
    expect(pdfHas(text, invoice.invoiceNo), `the PDF's text can be read (its number ${invoice.invoiceNo} is in it):\n${text.slice(0, 500)}`).toBe(true);
    expect.soft(pdfHas(text.toLowerCase(), 'tax invoice'), `the PDF says "Tax invoice":\n${text.slice(0, 500)}`).toBe(true);
    expect.soft(pdfHas(text, 'فاتورة ضريبية'), `the PDF says "فاتورة ضريبية":\n${text.slice(0, 500)}`).toBe(true);
    expect.soft(text, 'the PDF holds Arabic letters').toMatch(ARABIC_LETTER);

    await testInfo.attach('confirmations', { body: `${approved}\n${recorded}`, contentType: 'text/plain' });
  });
});
