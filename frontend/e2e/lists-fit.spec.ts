import { writeFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, createRole, mobileFor, uniqueStamp, type Api } from './support/api';
import { createApprovedVehicles, createAuction, createLocation, firstThursday, isoDay } from './support/auctions';
import { signIn } from './support/auth';
import { moveClock, paymentsDesk, payDeposit, type Buyer } from './support/money';
import { createApprovedSeller, createVehicle } from './support/vehicles';

/*
 * Issue 29: lists that fit the screen. Long names everywhere (a buyer 'Creek Side Motors and Heavy Equipment…', a
 * vehicle 'Mercedes-Benz G 63 AMG Magno Edition…', a yard and an auction with long titles), made through the API: a
 * published auction whose event sold one vehicle and did not sell another, the sale's invoice paid in part (pending)
 * and the other sale paid and verified (the seller's payout waits under Outbound). So that every list has a row of its
 * widest kind whatever other specs left in the backend (an empty table is narrow and proves nothing): a vehicle still
 * pending in Review (its step and status dropdowns), a second long-named buyer whose deposit invoice stays unpaid
 * (overdue on the sale day: in Invoices and in Receivables), and a staff user of long name, email and role.
 *
 * Every list of the sidebar and the event page, in Chromium:
 * - at 1440 × 900 (sidebar open) neither the page nor the table's own scroll box scrolls sideways;
 * - at 1024 × 768 the identifying column (pinned left) and the list's key figure are within the viewport, and
 *   nothing else (a pinned Actions column) lies over them.
 * A screenshot of each list at each width is saved under the test's output directory.
 */

interface ListCase {
  /** The screenshot's name. */
  name: string;
  /** Where the list is (a path the sidebar links to, or the event page). */
  url: string | (() => string);
  /** The table's accessible name. */
  table: string;
  /** The identifying column's header (pinned left at 1024). */
  pinned: string;
  /** The key figure's header (within the viewport at 1024). */
  key: string;
}

const LONG_BUYER = { firstName: 'Creek Side Motors', lastName: 'and Heavy Equipment Trading Establishment' };
const LONG_TITLE = 'Mercedes-Benz G 63 AMG Magno Edition Long Wheelbase Armoured';

interface Given {
  eventId: string;
  buyer: Buyer;
}

/** A buyer with a long name and buying power (deposit paid and verified), as createBuyer in support/money makes one. */
async function createLongBuyer(api: Api, stamp: string, pay = true): Promise<Buyer> {
  const plan = await api.send<{ _id: string }>('POST', '/plan/create', { name: `Platinum Trade Plan ${stamp}`, planAmount: '50000.00', buyingPower: '500000.00' });
  const expiry = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
  const answer = await api.send<{ data: Buyer }>('POST', '/members/create', {
    ...LONG_BUYER,
    email: `creek.side.motors.heavy.equipment.${stamp}@example.com`,
    phone: mobileFor(stamp),
    memberIdentityNo: `784-1985-${stamp.slice(-7)}-2`,
    memberTypes: ['buyer'],
    memberEntity: 'individual',
    securityPlan: plan._id,
    memberProfile: { identityType: 'nic', identityExpiry: expiry, emirate: 'Dubai', city: 'Dubai' },
  });
  await api.send('PUT', '/members/update-status', { ids: [answer.data._id], status: 'approved' });
  if (pay) await payDeposit(api, answer.data._id);
  return answer.data;
}

/** A staff user whose name, email and role are long (the Users list's widest row). */
async function createLongStaffUser(api: Api, stamp: string): Promise<void> {
  const role = await createRole(api, `Senior Vehicle Inspection and Gate Release Supervisors ${stamp}`, { Vehicles: ['view'] });
  await api.send('POST', '/users/create', {
    fullName: `Mohammed Abdulrahman Al Falasi Khalifa ${stamp}`,
    email: `mohammed.abdulrahman.alfalasi.khalifa.${stamp}@example.com`,
    phone: mobileFor(uniqueStamp()),
    password: `Given-${stamp}-Pw`,
    rolePermission: role,
    userAccountStatus: 'Active',
  });
}

/**
 * Three vehicles of long titles in the first event of a published auction next month: the first two sold to the
 * long-named buyer, the third not sold. The first sale's invoice is paid and verified (its payout waits), the second's
 * paid in part, waiting for verification.
 */
async function givens(api: Api): Promise<Given> {
  const stamp = uniqueStamp();
  const buyer = await createLongBuyer(api, stamp);
  // Its deposit invoice stays unpaid: issued today, overdue on the sale day (Invoices' widest state, a Receivables row).
  await createLongBuyer(api, uniqueStamp(), false);
  await createLongStaffUser(api, stamp);
  // A vehicle left pending in Review: its Received, SVD and Inspection steps and its status are dropdowns.
  await createVehicle(api, (await createApprovedSeller(api))._id, LONG_TITLE);
  const yard = await createLocation(api, `Ras Al Khor Industrial Area Third Vehicle Yard ${stamp}`);
  const vehicles = await createApprovedVehicles(api, 3, LONG_TITLE);
  const day = firstThursday(1);
  const auction = await createAuction(api, { title: `Thursday Evening Classic and Luxury Car Sale ${stamp}`, location: yard._id, day });
  const events = (await api.send<{ data: { _id: string }[] }>('GET', `/auction-event/all-auction-events/${auction.data._id}`)).data;
  const eventId = events[0]!._id;
  await api.send('POST', `/auction-event/add-vehicle/${eventId}`, { vehicles: vehicles.map((vehicle) => ({ vehicleId: vehicle._id })) });
  await api.send('PUT', '/auctions/status', { auctionIds: [auction.data._id], status: 'publish' });
  await moveClock(api, new Date(`${isoDay(day)}T16:30:00+04:00`));
  const [first, second, third] = vehicles;
  await api.send('PUT', `/auction-event/results/${eventId}`, {
    results: [
      { vehicleId: first!._id, outcome: 'sold', buyerId: buyer._id, soldFor: 245500 },
      { vehicleId: second!._id, outcome: 'sold', buyerId: buyer._id, soldFor: 198750 },
      { vehicleId: third!._id, outcome: 'notSold' },
    ],
  });
  // Paid half an hour later: a payment is never dated after the backend's clock.
  await moveClock(api, new Date(`${isoDay(day)}T17:00:00+04:00`));
  const desk = await paymentsDesk(api);
  const invoiceOf = async (vehicleId: string) => {
    const listed = await api.send<{ data: { _id: string; total: number }[] }>('POST', '/invoices/get', { vehicleId, kind: 'invoice' });
    if (!listed.data[0]) throw new Error('the sale issued no invoice');
    return listed.data[0];
  };
  const paidAt = `${isoDay(day)}T16:45:00+04:00`;
  const full = await invoiceOf(first!._id);
  const paid = await api.send<{ data: { _id: string } }>('POST', '/payments/inbound', {
    invoiceId: full._id,
    amount: full.total,
    paymentMethod: 'bankTransfer',
    paymentReferenceId: `EMIRATES-NBD-TT-2026-${stamp}`,
    paymentDateAndTime: paidAt,
  });
  await desk.send('PUT', `/payments/${paid.data._id}/verify`);
  const part = await invoiceOf(second!._id);
  await api.send('POST', '/payments/inbound', {
    invoiceId: part._id,
    amount: 50000,
    paymentMethod: 'card',
    paymentReferenceId: `CARD-SLIP-0042-${stamp}`,
    paymentDateAndTime: paidAt,
  });
  return { eventId, buyer };
}

/** The page's and the table's scroll boxes: how wide their content is and how wide they show. */
async function widths(table: Locator): Promise<{ page: [number, number]; table: [number, number] }> {
  return table.evaluate((element) => {
    const box = element.closest('.ant-table')?.querySelector('.ant-table-content, .ant-table-body');
    if (!box) throw new Error('the table has no scroll box');
    const root = document.documentElement;
    return { page: [root.scrollWidth, root.clientWidth], table: [box.scrollWidth, box.clientWidth] };
  });
}

/**
 * The header cell of a column and its first body cell (when the table has a row): their boxes, and whether the
 * point at the middle of each belongs to the cell itself (no pinned column lies over it).
 */
async function columnCells(table: Locator, header: string) {
  return table.evaluate((element, title) => {
    const heads = [...element.closest('.ant-table')!.querySelectorAll('thead tr:last-child > th')];
    const index = heads.findIndex((th) => th.textContent?.trim() === title);
    if (index < 0) return { found: false, heads: heads.map((th) => th.textContent?.trim() ?? ''), cells: [] };
    const row = element.closest('.ant-table')!.querySelector('tbody tr.ant-table-row');
    // The first row in the middle of the screen, by a vertical scroll only (the page never scrolls sideways here).
    if (row) window.scrollBy(0, row.getBoundingClientRect().top - window.innerHeight / 2);
    const cells = [heads[index]!, ...(row ? [row.children[index]!] : [])].map((cell) => {
      const rect = cell.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return { left: rect.left, right: rect.right, text: cell.textContent ?? '', own: hit !== null && cell.contains(hit) };
    });
    return { found: true, heads: [], cells };
  }, header);
}

/** Opens a list as the sidebar's links do, inside the app (no reload of the whole page for each of the 60 visits). */
async function openList(page: Page, list: ListCase): Promise<Locator> {
  const url = typeof list.url === 'string' ? list.url : list.url();
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  const table = page.getByRole('table', { name: list.table, exact: true });
  await expect(table).toBeVisible();
  // Loaded: no spinner over the table.
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  return table;
}

test.describe('lists fit the screen (issue 29)', () => {
  let api: Api | undefined;

  test.afterEach(async () => {
    if (api) await moveClock(api); // the shared backend's clock goes back to the real time
  });

  test('at 1440 px no list scrolls sideways; at 1024 px the pinned column and the key figure are in view', async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    await signIn(page);
    api = await apiAs(page);
    const given = await givens(api);

    const lists: ListCase[] = [
      { name: 'users', url: '/user-management', table: 'Staff users', pinned: 'Full name', key: 'Status' },
      { name: 'roles', url: '/roles', table: 'Roles', pinned: 'Role name', key: 'Assigned users' },
      { name: 'locations', url: '/locations', table: 'Locations', pinned: 'Title', key: 'Status' },
      { name: 'charges', url: '/charges', table: 'Charges', pinned: 'Title', key: 'Amount' },
      { name: 'sessions', url: '/sessions', table: 'Live staff sessions', pinned: 'User', key: 'Last activity' },
      { name: 'audit-log', url: '/audit-log', table: 'Audit events', pinned: 'When (Dubai)', key: 'Action' },
      { name: 'members-review', url: '/review-members', table: 'Members in review', pinned: 'Name', key: 'Status' },
      { name: 'members-approved', url: '/active-members', table: 'Approved members', pinned: 'Name', key: 'Status' },
      { name: 'members-deactivated', url: '/deactivated-members', table: 'Deactivated members', pinned: 'Name', key: 'Status' },
      { name: 'members-rejected', url: '/rejected-members', table: 'Rejected members', pinned: 'Name', key: 'Status' },
      { name: 'members-inactive', url: '/inactive-members', table: 'Inactive members', pinned: 'Name', key: 'Status' },
      { name: 'vehicles-review', url: '/un-approved-vehicles', table: 'Review vehicles', pinned: 'Lot', key: 'Status' },
      { name: 'vehicles-approved', url: '/approved-vehicles', table: 'Approved vehicles', pinned: 'Lot', key: 'Status' },
      { name: 'vehicles-rejected', url: '/rejected-vehicles', table: 'Rejected vehicles', pinned: 'Lot', key: 'Status' },
      { name: 'vehicles-sold', url: '/sold-vehicles', table: 'Sold vehicles', pinned: 'Lot', key: 'Sold for' },
      { name: 'vehicles-canceled', url: '/canceled-vehicles', table: 'Cancelled vehicles', pinned: 'Lot', key: 'Status' },
      { name: 'auctions-draft', url: '/draft-auctions', table: 'Draft auctions', pinned: 'Title', key: 'Next event' },
      { name: 'auctions-published', url: '/published-auctions', table: 'Published auctions', pinned: 'Title', key: 'Next event' },
      { name: 'auctions-unpublished', url: '/unpublished-auctions', table: 'Unpublished auctions', pinned: 'Title', key: 'Next event' },
      { name: 'auctions-completed', url: '/completed-auctions', table: 'Completed auctions', pinned: 'Title', key: 'Next event' },
      { name: 'event-vehicles', url: () => `/auction-events/${given.eventId}`, table: 'Vehicles of every lane', pinned: 'Lot', key: 'Hammer' },
      { name: 'invoices', url: '/invoice-management', table: 'Invoices', pinned: 'Number', key: 'Still to pay' },
      { name: 'inbound-payments', url: '/inbound-payments', table: 'Inbound payments', pinned: 'Payment', key: 'Amount' },
      { name: 'outbound-payments', url: '/outbound-payments', table: 'Outbound payments', pinned: 'Payment', key: 'Amount' },
      { name: 'report-sales-by-event', url: '/reports?tab=sales', table: 'Sales by event', pinned: 'Sale day', key: 'Hammer total' },
      { name: 'report-receivables', url: '/reports?tab=receivables', table: 'Receivables', pinned: 'Invoice', key: 'Due now' },
      { name: 'report-payouts', url: '/reports?tab=payouts', table: 'Payouts and refunds', pinned: 'Transaction', key: 'Amount' },
      { name: 'report-vat-documents', url: '/reports?tab=vat', table: 'Documents', pinned: 'Document', key: 'VAT' },
      { name: 'messages', url: '/emails?tab=messages', table: 'Messages', pinned: 'Recipient', key: 'Status' },
      { name: 'campaigns', url: '/emails?tab=campaigns', table: 'Campaigns', pinned: 'Name', key: 'Status' },
    ];

    const measured: Record<string, unknown> = {};
    try {
      for (const width of [1440, 1024] as const) {
        await page.setViewportSize({ width, height: width === 1440 ? 900 : 768 });
        for (const list of lists) {
          const table = await openList(page, list);
          await page.screenshot({ path: testInfo.outputPath(`${list.name}-${width}.png`) });
          const label = `${list.name} at ${width}`;
          if (width === 1440) {
            const seen = await widths(table);
            measured[label] = seen;
            expect.soft(seen.page[0], `${label}: the page scrolls sideways`).toBe(seen.page[1]);
            expect.soft(seen.table[0], `${label}: the table scrolls sideways`).toBeLessThanOrEqual(seen.table[1]);
          } else {
            for (const header of [list.pinned, list.key]) {
              const column = await columnCells(table, header);
              measured[`${label} ${header}`] = column;
              expect.soft(column.found, `${label}: no column '${header}' among ${column.heads.join(' | ')}`).toBe(true);
              for (const cell of column.cells) {
                expect.soft(cell.left, `${label}: '${cell.text}' (${header}) starts left of the viewport`).toBeGreaterThanOrEqual(0);
                expect.soft(cell.right, `${label}: '${cell.text}' (${header}) ends right of the viewport`).toBeLessThanOrEqual(width);
                expect.soft(cell.own, `${label}: '${cell.text}' (${header}) lies under another column`).toBe(true);
              }
            }
            const pinned = await table.evaluate((element) =>
              [...element.closest('.ant-table')!.querySelectorAll('thead th.ant-table-cell-fix-start')].map((th) => th.textContent?.trim() ?? ''),
            );
            expect.soft(pinned, `${label}: the columns pinned left`).toContain(list.pinned);
          }
        }
      }
    } finally {
      writeFileSync(testInfo.outputPath('measured.json'), JSON.stringify(measured, null, 2));
    }
  });
});
