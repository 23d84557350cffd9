import type { OutboundList, OutboundPayment } from '@/features/outbound/api/get-outbound-payments';

/**
 * Majid Seller1's payout of 42,750 AED for Lot 1000 (settlement INV-S-2025-000001), issued on 01/05/2025 18:00
 * Dubai time and waiting to be paid by bank transfer to the IBAN on file.
 */
export function outboundOut(overrides: Partial<OutboundPayment> = {}): OutboundPayment {
  return {
    _id: 'o1',
    transactionId: 'OUT-2025-000001',
    direction: 'outbound',
    kind: 'payout',
    status: 'Pending',
    amount: 42750,
    paidAmount: 0,
    paymentMethod: 'bankTransfer',
    paymentReferenceId: null,
    paymentDateAndTime: '2025-05-01T14:00:00Z',
    paymentConfirmationStatus: 'Pending',
    paymentStatus: 'issued',
    invoice: { _id: 'i2', invoiceNo: 'INV-S-2025-000001', status: 'issued', total: 42750, dueAmount: 0, dueDate: null },
    buyer: { _id: 'm2', name: 'Majid Seller1' },
    member: { _id: 'm2', name: 'Majid Seller1' },
    payee: { _id: 'm2', name: 'Majid Seller1', bankAccountName: 'Majid Al Mansoori', bankIban: 'AE070331234567890123456', bankName: 'Emirates NBD' },
    vehicle: { _id: 'v1', vehicleLotNumber: 1000, title: 'Nissan Patrol LE', vinNumber: '1HGCM82633A004352' },
    recordedBy: null,
    verifiedBy: null,
    verifiedAt: null,
    rejectReason: null,
    completedBy: null,
    completedAt: null,
    cancelReason: null,
    refundKind: null,
    refundTransactionId: null,
    refundedAmount: null,
    refundDateAndTime: null,
    refundMethod: null,
    refundStatus: null,
    refundReason: null,
    createdAt: '2025-05-01T14:00:00Z',
    ...overrides,
  };
}

/** Khalid Buyer1's deposit refund of 5,000 AED, requested by Amira Haddad, to be paid by cheque (no IBAN on file). */
export function depositRefund(overrides: Partial<OutboundPayment> = {}): OutboundPayment {
  return outboundOut({
    _id: 'o2',
    transactionId: 'OUT-2025-000002',
    kind: 'refund',
    amount: 5000,
    paymentMethod: 'cheque',
    paymentDateAndTime: '2025-05-02T08:00:00Z',
    paymentStatus: 'paid',
    invoice: { _id: 'i3', invoiceNo: 'INV-2025-000007', status: 'paid', total: 5000, dueAmount: 0, dueDate: null },
    buyer: { _id: 'm1', name: 'Khalid Buyer1' },
    member: { _id: 'm1', name: 'Khalid Buyer1' },
    payee: { _id: 'm1', name: 'Khalid Buyer1', bankAccountName: null, bankIban: null, bankName: null },
    vehicle: null,
    recordedBy: { _id: 'u1', name: 'Amira Haddad' },
    refundKind: 'deposit',
    refundTransactionId: 'OUT-2025-000002',
    refundedAmount: 5000,
    refundMethod: 'cheque',
    refundStatus: 'Pending',
    refundReason: 'Leaving the auction',
    ...overrides,
  });
}

export function outboundList(data: OutboundPayment[]): OutboundList {
  return {
    data,
    totalPages: 1,
    currentPage: 1,
    totalMatching: data.length,
    totals: {
      Pending: { count: 3, amount: 52750 },
      Completed: { count: 7, amount: 210400.5 },
      Canceled: { count: 1, amount: 1200 },
    },
    totalsByKind: {
      payout: { Pending: { count: 2, amount: 47750 }, Completed: { count: 6, amount: 209400.5 }, Canceled: { count: 1, amount: 1200 } },
      refund: { Pending: { count: 1, amount: 5000 }, Completed: { count: 1, amount: 1000 }, Canceled: { count: 0, amount: 0 } },
    },
    completedThisMonth: { count: 2, amount: 18250.25 },
  };
}

export const threeOutbound = [
  outboundOut(),
  depositRefund(),
  outboundOut({
    _id: 'o3',
    transactionId: 'OUT-2025-000003',
    status: 'Completed',
    paymentConfirmationStatus: 'Completed',
    paidAmount: 12000,
    amount: 12000,
    paymentReferenceId: 'TRF-991',
    paymentDateAndTime: '2025-05-03T05:00:00Z',
    invoice: { _id: 'i4', invoiceNo: 'INV-S-2025-000002', status: 'paidOut', total: 12000, dueAmount: 0, dueDate: null },
    vehicle: { _id: 'v2', vehicleLotNumber: 1001, title: 'Toyota Land Cruiser', vinNumber: 'JTMHV05J604123456' },
    completedBy: { _id: 'u2', name: 'Omar Cashier' },
    completedAt: '2025-05-03T06:00:00Z',
  }),
];
