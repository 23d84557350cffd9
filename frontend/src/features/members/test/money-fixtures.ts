import type { BuyingPower } from '@/features/members/api/get-member-buying-power';
import type { MemberInvoice } from '@/features/members/api/get-member-invoices';
import type { LedgerEntry, LedgerPage } from '@/features/members/api/get-member-ledger';
import type { Refundable } from '@/features/members/api/get-member-refundable';

const gold = { _id: 'plan-gold', name: 'Gold', buyingPower: 120000, requiredDeposit: 8500 };

/** buying-power of a member on the Gold plan with the whole deposit held and nothing owed. */
export function buyingPowerFixture(overrides: Partial<BuyingPower> = {}): BuyingPower {
  return {
    memberId: 'm1',
    plan: gold,
    depositHeld: 8500,
    planBuyingPower: 120000,
    unpaidPurchases: 0,
    overdueInvoice: null,
    available: 120000,
    reason: 'AED 120,000.00 available: the Gold plan gives AED 120,000.00 on the AED 8,500.00 deposit held.',
    ...overrides,
  };
}

/** An invoice of the member as invoices/get answers it. */
export function memberInvoiceFixture(id: string, number: string, fields: Partial<MemberInvoice> = {}): MemberInvoice {
  return {
    _id: id,
    invoiceNo: number,
    kind: 'invoice',
    status: 'paid',
    invoiceCreatedDate: '2026-03-12T12:30:00Z',
    dueDate: '2026-03-14T12:30:00Z',
    saleDate: '2026-03-12',
    subtotal: 25450,
    vatTotal: 22.5,
    total: 25472.5,
    paidAmount: 26000,
    pendingAmount: 0,
    dueAmount: 0,
    overdueAmount: 0,
    daysOverdue: 0,
    buyer: { _id: 'm1', name: 'Noura Al Mansoori', trn: null },
    vehicle: { _id: 'v1', vehicleLotNumber: 1001, title: 'Toyota Land Cruiser', vinNumber: '1HGCM8269KA001001' },
    creditFor: null,
    voidReason: null,
    storageThrough: null,
    canRecordPayment: { allowed: true, reason: null },
    ...fields,
  };
}

export function invoiceListOf(data: MemberInvoice[]) {
  return { data, totalPages: 1, currentPage: 1, totalMatching: data.length, totals: {} };
}

/** A ledger entry: the deposit invoice paid (the deposit held), unless told otherwise. */
export function ledgerEntry(id: string, fields: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    _id: id,
    sequence: 1,
    date: '2026-03-01T21:30:00Z',
    kind: 'deposit',
    description: 'Deposit INV-D-2026-000003 paid',
    documentNumber: 'INV-D-2026-000003',
    invoiceId: 'd3',
    transactionId: null,
    paymentId: null,
    vehicleId: null,
    vehicleLotNumber: null,
    owesUs: 0,
    weOwe: 0,
    deposit: 8500,
    owesUsBalance: 0,
    weOweBalance: 0,
    depositBalance: 8500,
    ...fields,
  };
}

export function ledgerPageOf(data: LedgerEntry[], totalMatching = data.length, balances: LedgerPage['balances'] = { owesUs: 25472.5, weOwe: 0, depositHeld: 8500 }): LedgerPage {
  return { data, balances, currentPage: 1, totalPages: Math.max(1, Math.ceil(totalMatching / 10)), totalMatching };
}

/** refundable of a member who owes nothing, holds the Gold plan's deposit and paid nothing beyond what they owe. */
export function refundableFixture(overrides: Partial<Refundable> = {}): Refundable {
  return {
    memberId: 'm1',
    owed: [],
    owedTotal: 0,
    depositHeld: 8500,
    deposit: { allowed: true, reason: null },
    credit: 0,
    overpayment: { allowed: false, reason: 'Noura Al Mansoori paid nothing beyond what they owe; there is no overpayment to refund.' },
    ...overrides,
  };
}
