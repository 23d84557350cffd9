import type { Payment, PaymentList } from '@/features/payments/api/get-payments';

/** A card payment of 10,000 AED against INV-2031-000001, recorded by Amira Haddad and waiting for verification. */
export function paymentOut(overrides: Partial<Payment> = {}): Payment {
  return {
    _id: 'p1',
    transactionId: 'PAY-2031-000001',
    direction: 'inbound',
    kind: 'payment',
    amount: 10000,
    paidAmount: 0,
    paymentMethod: 'card',
    paymentReferenceId: 'SLIP-0042',
    paymentDateAndTime: '2031-05-01T14:00:00Z',
    paymentConfirmationStatus: 'Pending',
    status: 'Pending',
    paymentStatus: 'unpaid',
    invoice: { _id: 'i1', invoiceNo: 'INV-2031-000001', status: 'unpaid', total: 25472.5, dueAmount: 25472.5, dueDate: '2031-05-03T13:00:00Z' },
    buyer: { _id: 'm1', name: 'Khalid Buyer1' },
    member: { _id: 'm1', name: 'Khalid Buyer1' },
    vehicle: { _id: 'v1', vehicleLotNumber: 1000, title: 'Nissan Patrol LE', vinNumber: '1HGCM82633A004352' },
    recordedBy: { _id: 'u1', name: 'Amira Haddad' },
    verifiedBy: null,
    verifiedAt: null,
    rejectReason: null,
    createdAt: '2031-05-01T14:05:00Z',
    ...overrides,
  };
}

export function paymentList(data: Payment[]): PaymentList {
  return {
    data,
    totalPages: 1,
    currentPage: 1,
    totalMatching: data.length,
    totals: {
      Pending: { count: 2, amount: 15472.5 },
      Verified: { count: 9, amount: 320500 },
      Rejected: { count: 1, amount: 500 },
    },
  };
}

export const threePayments = [
  paymentOut(),
  paymentOut({ _id: 'p2', transactionId: 'PAY-2031-000002', amount: 5472.5, paymentMethod: 'cash', paymentReferenceId: null }),
  paymentOut({
    _id: 'p3',
    transactionId: 'PAY-2031-000003',
    amount: 500,
    paymentConfirmationStatus: 'Rejected',
    rejectReason: 'Cheque bounced',
    verifiedBy: { _id: 'u2', name: 'Omar Cashier' },
    verifiedAt: '2031-05-02T06:00:00Z',
  }),
];
