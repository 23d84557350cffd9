import { splitDayRange } from '@/components/date-range-filter';
import type { LedgerFilter } from '@/features/members/api/export-member-ledger';
import type { LedgerKind, LedgerQuery } from '@/features/members/api/get-member-ledger';
import i18n from '@/lib/i18n/i18n';

/** What moved a member's money, in the order the filter offers them. */
export const LEDGER_KINDS: readonly LedgerKind[] = [
  'invoice',
  'creditNote',
  'charge',
  'payment',
  'deposit',
  'depositUse',
  'penalty',
  'settlement',
  'payout',
  'refund',
  'refundPaid',
  'refundCancelled',
];

/**
 * The ledger tab's URL parameters (?tab=ledger&ledgerKind=payment&ledgerDates=2026-03-01..2026-03-31&ledgerPage=2),
 * named apart from the other tabs' so a shared link opens the same rows.
 */
export const LEDGER_PARAMS = { kind: 'ledgerKind', dates: 'ledgerDates', page: 'ledgerPage' } as const;

export const LEDGER_PAGE_SIZE = 10;

export function isLedgerKind(value: string | null | undefined): value is LedgerKind {
  return LEDGER_KINDS.some((kind) => kind === value);
}

/** Invoice, Payment, Deposit held, Refund requested...; an unknown kind as the server sends it. */
export function ledgerKindLabel(kind: string): string {
  return i18n.t(`members.ledger.kinds.${kind}` as 'members.ledger.kinds.invoice', { defaultValue: kind });
}

/** The filters of the URL as the export and the statement take them; a value a hand-edited URL got wrong is left out. */
export function ledgerFilter(params: URLSearchParams): LedgerFilter {
  const kind = params.get(LEDGER_PARAMS.kind);
  const { from, to } = splitDayRange(params.get(LEDGER_PARAMS.dates) ?? undefined);
  return { kind: isLedgerKind(kind) ? kind : undefined, dateFrom: from, dateTo: to };
}

/** The page of the URL (1 when missing or not a positive whole number). */
export function ledgerPage(params: URLSearchParams): number {
  const page = Number(params.get(LEDGER_PARAMS.page));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The body of members/{id}/ledger: the filters, the page and ten rows. */
export function ledgerQuery(params: URLSearchParams): LedgerQuery {
  return { ...ledgerFilter(params), pageNo: ledgerPage(params), limit: LEDGER_PAGE_SIZE };
}
