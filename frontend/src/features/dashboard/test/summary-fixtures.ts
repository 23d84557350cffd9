import type { DashboardSummary, TodayFigures } from '@/features/dashboard/api/get-dashboard-summary';

/** Today as an administrator sees it on Thursday 01/05/2031: every module's figures. */
export function todayOf(overrides: Partial<TodayFigures> = {}): TodayFigures {
  return {
    day: '2031-05-01',
    membersReview: 4,
    vehiclesReview: 12,
    vehiclesReceivedNotInspected: 3,
    eventsToday: { dateFrom: '2031-05-01', dateTo: '2031-05-01', events: 2, lanes: 3, vehicles: 41 },
    eventsThisWeek: { dateFrom: '2031-04-28', dateTo: '2031-05-04', events: 5, lanes: 9, vehicles: 120 },
    waitingForSellerApproval: 2,
    invoicesDueToday: { count: 2, amount: 50945 },
    invoicesOverdue: { count: 3, amount: 78102.75 },
    paymentsToVerify: { count: 1, amount: 1000 },
    payoutsWaiting: { count: 6, amount: 150000 },
    refundsWaiting: { count: 1, amount: 5000 },
    gatePassesNotPickedUp: 2,
    vehiclesPastFreeDays: { count: 7, soldOnOrBefore: '2031-04-28' },
    failedMessages: { sms: 0, whatsapp: 2, email: 1, total: 3 },
    ...overrides,
  };
}

/** The figures a role that views Payments alone receives: every other module null. */
export function paymentsOnly(): TodayFigures {
  return todayOf({
    membersReview: null,
    vehiclesReview: null,
    vehiclesReceivedNotInspected: null,
    eventsToday: null,
    eventsThisWeek: null,
    waitingForSellerApproval: null,
    gatePassesNotPickedUp: null,
    vehiclesPastFreeDays: null,
    failedMessages: null,
  });
}

export function summaryOf(today: TodayFigures = todayOf()): DashboardSummary {
  return { today, totals: { vehicles: null, members: null, roles: null, users: null } };
}
