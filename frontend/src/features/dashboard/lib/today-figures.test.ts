import { describe, expect, it } from 'vitest';
import { todayFigures } from '@/features/dashboard/lib/today-figures';
import { paymentsOnly, todayOf } from '@/features/dashboard/test/summary-fixtures';

describe('todayFigures', () => {
  it('opens each list with the filters it reads from the URL', () => {
    const links = Object.fromEntries(todayFigures(todayOf()).map((figure) => [figure.key, figure.to]));
    expect(links).toEqual({
      membersReview: '/review-members',
      vehiclesReview: '/un-approved-vehicles',
      vehiclesReceivedNotInspected: '/un-approved-vehicles?stage=received',
      eventsToday: '/calendar?view=week&date=2031-05-01',
      eventsThisWeek: '/calendar?view=week&date=2031-04-28',
      waitingForSellerApproval: '/auctions/on-approval',
      invoicesDueToday: '/invoice-management?due=2031-05-01..2031-05-01&open=true',
      invoicesOverdue: '/invoice-management?status=overdue',
      paymentsToVerify: '/inbound-payments?confirmation=Pending',
      payoutsWaiting: '/outbound-payments?kind=payout&status=Pending',
      refundsWaiting: '/outbound-payments?kind=refund&status=Pending',
      gatePassesNotPickedUp: '/sold-vehicles?gatePass=issued',
      vehiclesPastFreeDays: '/sold-vehicles?inYardSoldBy=2031-04-28',
      failedMessages: '/whatsapp-sms?status=failed',
    });
  });

  it('leaves out the figures of modules the role may not view', () => {
    expect(todayFigures(paymentsOnly()).map((figure) => figure.key)).toEqual([
      'invoicesDueToday',
      'invoicesOverdue',
      'paymentsToVerify',
      'payoutsWaiting',
      'refundsWaiting',
    ]);
  });

  it('keeps a zero, which is news too, and opens the SMS messages when nothing failed', () => {
    const none = todayOf({ failedMessages: { sms: 0, whatsapp: 0, email: 0, total: 0 }, membersReview: 0 });
    const figures = todayFigures(none);
    expect(figures.find((figure) => figure.key === 'membersReview')?.count).toBe(0);
    expect(figures.find((figure) => figure.key === 'failedMessages')?.to).toBe('/promotions?status=failed');
  });
});
