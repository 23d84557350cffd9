import dayjs, { type Dayjs } from 'dayjs';
import type { PaymentMethod, PaymentRecord } from '@/api/record-payment';
import { moneyValue } from '@/components/money-input';
import { APP_TIME_ZONE } from '@/lib/dates';

/** The methods a payment arrives by, in the order the dialog offers them. */
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['cash', 'card', 'bankTransfer', 'cheque'];

/** Methods without a reference to quote: cash, and money taken from the member's deposit. */
export const NO_REFERENCE: readonly PaymentMethod[] = ['cash', 'deposit'];

/** What the dialog offers for an invoice: the deposit held pays a sale or a penalty, never a deposit invoice. */
export function methodsFor(invoice: Pick<PayableInvoice, 'kind'> | undefined): readonly PaymentMethod[] {
  return invoice && invoice.kind !== 'deposit' ? [...PAYMENT_METHODS, 'deposit'] : PAYMENT_METHODS;
}

/** What a payment can be recorded against: an invoice's figures as the API answers them (AED). */
export interface PayableInvoice {
  _id: string;
  invoiceNo: string;
  kind: string;
  status: string;
  total: number;
  paidAmount: number;
  pendingAmount: number;
  dueAmount: number;
  buyer: { _id: string; name: string };
  /** None on a deposit invoice. */
  vehicle: { _id: string; vehicleLotNumber: number; title: string } | null;
  /** The server's verdict: whether a payment can be recorded against it now, and why not. */
  canRecordPayment: { allowed: boolean; reason?: string | null };
}

export interface RecordPaymentValues {
  invoiceId?: string;
  /** The amount as typed (MoneyInput: '25,472.50'), never a float. */
  amount?: string | null;
  paymentMethod?: PaymentMethod;
  paymentReferenceId?: string;
  /** The Dubai wall clock of when the money was received, whatever the browser's zone. */
  paymentDateAndTime?: Dayjs | null;
}

const fils = (amount: number) => Math.round(amount * 100);
const fromFils = (value: number) => (value / 100).toFixed(2);

/**
 * What can still be recorded against an invoice: what is due less what waits for verification, as a decimal
 * string ('472.50'), worked out in whole fils so that no float rounding creeps in; never below 0.
 */
export function openAmount(invoice: Pick<PayableInvoice, 'dueAmount' | 'pendingAmount'>): string {
  return fromFils(Math.max(0, fils(invoice.dueAmount) - fils(invoice.pendingAmount)));
}

/** Whether a payment can still be recorded against it, as the server answers it (its one rule of a payable invoice). */
export function isPayable(invoice: Pick<PayableInvoice, 'canRecordPayment'>): boolean {
  return invoice.canRecordPayment.allowed;
}

const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss';

/** Now on the Dubai wall clock, as a picker value (the browser's own zone plays no part). */
export function dubaiWallClockNow(): Dayjs {
  return dayjs(dayjs().tz(APP_TIME_ZONE).format(WALL_CLOCK));
}

/** The record call's body: the time without a zone (the server reads it as Dubai time), no reference for cash left blank. */
export function toPaymentRecord(values: RecordPaymentValues, invoiceId: string): PaymentRecord {
  const reference = values.paymentReferenceId?.trim();
  return {
    invoiceId,
    amount: moneyValue(values.amount) ?? '',
    paymentMethod: values.paymentMethod ?? 'cash',
    paymentReferenceId: reference ? reference : null,
    paymentDateAndTime: (values.paymentDateAndTime ?? dubaiWallClockNow()).second(0).format(WALL_CLOCK),
  };
}
