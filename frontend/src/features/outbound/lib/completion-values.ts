import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { dubaiWallClockNow } from '@/components/record-payment-values';
import type { OutboundCompletion } from '@/features/outbound/api/complete-outbound';
import type { OutboundMethod, OutboundPayment } from '@/features/outbound/api/get-outbound-payments';
import { isMethod } from '@/features/outbound/lib/outbound-status';
import { APP_TIME_ZONE } from '@/lib/dates';

export interface CompletionValues {
  paymentMethod?: OutboundMethod;
  paymentReferenceId?: string;
  /** The Dubai wall clock of when the money left, whatever the browser's zone. */
  paymentDateAndTime?: Dayjs | null;
}

const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss';

/** The dialog's first values: the method the payments were issued with when they share one, now in Dubai. */
export function initialCompletion(payments: Pick<OutboundPayment, 'paymentMethod'>[]): CompletionValues {
  const methods = new Set(payments.map((payment) => payment.paymentMethod));
  const [only] = methods;
  return { paymentMethod: methods.size === 1 && isMethod(only) ? only : undefined, paymentDateAndTime: dubaiWallClockNow() };
}

/** The Dubai wall clock of a moment, as the picker's values are written ('2031-05-01T18:00:00'). */
function dubaiWallClock(value: string): string {
  return dayjs.utc(value).tz(APP_TIME_ZONE).format(WALL_CLOCK);
}

/** The payment issued last of `payments` (none can be paid before it was issued), or undefined when none is given. */
export function issuedLast<T extends Pick<OutboundPayment, 'paymentDateAndTime'>>(payments: T[]): T | undefined {
  return payments.reduce<T | undefined>((last, payment) => (!last || dayjs(payment.paymentDateAndTime).isAfter(last.paymentDateAndTime) ? payment : last), undefined);
}

/** Whether a picked Dubai wall-clock time (to the minute) is before the moment `payment` was issued, as the server compares them. */
export function isBeforeIssue(value: Dayjs, payment: Pick<OutboundPayment, 'paymentDateAndTime'>): boolean {
  return value.second(0).format(WALL_CLOCK) < dubaiWallClock(payment.paymentDateAndTime);
}

/** The complete call's body: the time without a zone (the server reads it as Dubai time), no reference for cash left blank. */
export function toCompletion(values: CompletionValues): OutboundCompletion {
  const reference = values.paymentReferenceId?.trim();
  return {
    paymentMethod: values.paymentMethod ?? 'cash',
    paymentReferenceId: reference ? reference : null,
    paymentDateAndTime: (values.paymentDateAndTime ?? dubaiWallClockNow()).second(0).format(WALL_CLOCK),
  };
}
