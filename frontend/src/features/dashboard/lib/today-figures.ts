import type { TodayFigures } from '@/features/dashboard/api/get-dashboard-summary';
import { paths } from '@/lib/paths';

type CountAndAmount = NonNullable<TodayFigures['invoicesOverdue']>;
type EventsFigure = NonNullable<TodayFigures['eventsToday']>;

export type FigureKey =
  | 'membersReview'
  | 'vehiclesReview'
  | 'vehiclesReceivedNotInspected'
  | 'eventsToday'
  | 'eventsThisWeek'
  | 'waitingForSellerApproval'
  | 'invoicesDueToday'
  | 'invoicesOverdue'
  | 'paymentsToVerify'
  | 'payoutsWaiting'
  | 'refundsWaiting'
  | 'gatePassesNotPickedUp'
  | 'vehiclesPastFreeDays'
  | 'failedMessages';

/** One card of the Today section: a count, what goes with it, and the list it opens, already filtered. */
export interface TodayFigure {
  key: FigureKey;
  count: number;
  /** AED still owed or waiting (money figures). */
  amount?: number;
  /** The amount is what is still to pay on invoices (the invoices list's card shows the same figure in the same words). */
  stillToPay?: boolean;
  /** Lanes and vehicles of the events counted. */
  events?: EventsFigure;
  /** Failed messages per channel. */
  channels?: { sms: number; whatsapp: number; email: number };
  to: string;
}

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

const money = (key: FigureKey, figure: CountAndAmount | null, to: string): TodayFigure[] =>
  figure ? [{ key, count: figure.count, amount: figure.amount, to }] : [];

const owed = (key: FigureKey, figure: CountAndAmount | null, to: string): TodayFigure[] =>
  money(key, figure, to).map((found) => ({ ...found, stillToPay: true }));

const count = (key: FigureKey, value: number | null, to: string): TodayFigure[] => (value === null ? [] : [{ key, count: value, to }]);

/** The week view of the calendar around the day (the calendar's weeks run Monday to Sunday, as the figure's). */
const calendarWeek = (day: string) => withQuery(paths.calendar, { view: 'week', date: day });

/**
 * The Today section's cards in reading order, leaving out what the role may not view (null from the server). Each
 * opens its list with the filters that list already reads from the URL.
 */
export function todayFigures(today: TodayFigures): TodayFigure[] {
  const events = (key: FigureKey, figure: EventsFigure | null): TodayFigure[] =>
    figure ? [{ key, count: figure.events, events: figure, to: calendarWeek(figure.dateFrom) }] : [];
  const failed = today.failedMessages;
  const yard = today.vehiclesPastFreeDays;
  const firstFailing = failed && (failed.sms ? paths.promotions : failed.whatsapp ? paths.whatsappSms : failed.email ? paths.emails : paths.promotions);
  return [
    ...count('membersReview', today.membersReview, paths.reviewMembers),
    ...count('vehiclesReview', today.vehiclesReview, paths.reviewVehicles),
    ...count('vehiclesReceivedNotInspected', today.vehiclesReceivedNotInspected, withQuery(paths.reviewVehicles, { stage: 'received' })),
    ...events('eventsToday', today.eventsToday),
    ...events('eventsThisWeek', today.eventsThisWeek),
    ...count('waitingForSellerApproval', today.waitingForSellerApproval, paths.onApproval),
    ...owed('invoicesDueToday', today.invoicesDueToday, withQuery(paths.invoiceManagement, { due: `${today.day}..${today.day}`, open: 'true' })),
    ...owed('invoicesOverdue', today.invoicesOverdue, withQuery(paths.invoiceManagement, { status: 'overdue' })),
    ...money('paymentsToVerify', today.paymentsToVerify, withQuery(paths.inboundPayments, { confirmation: 'Pending' })),
    ...money('payoutsWaiting', today.payoutsWaiting, withQuery(paths.outboundPayments, { kind: 'payout', status: 'Pending' })),
    ...money('refundsWaiting', today.refundsWaiting, withQuery(paths.outboundPayments, { kind: 'refund', status: 'Pending' })),
    ...count('gatePassesNotPickedUp', today.gatePassesNotPickedUp, withQuery(paths.soldVehicles, { gatePass: 'issued' })),
    ...(yard ? [{ key: 'vehiclesPastFreeDays' as const, count: yard.count, to: withQuery(paths.soldVehicles, { inYardSoldBy: yard.soldOnOrBefore }) }] : []),
    ...(failed && firstFailing
      ? [{ key: 'failedMessages' as const, count: failed.total, channels: failed, to: withQuery(firstFailing, { status: 'failed' }) }]
      : []),
  ];
}
