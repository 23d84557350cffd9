import type { InvoiceDetail } from '@/features/invoices/api/get-invoice';
import type { Invoice, InvoiceList } from '@/features/invoices/api/get-invoices';
import type { InvoicePayment } from '@/features/invoices/api/get-invoice-payments';

/** An invoice as invoices/get answers it: a vehicle sold for 25,000 AED with a sale fee and a gate fee. */
export function invoiceOut(overrides: Partial<Invoice> = {}): Invoice {
  return {
    _id: 'i1',
    invoiceNo: 'INV-2031-000001',
    kind: 'invoice',
    status: 'unpaid',
    invoiceCreatedDate: '2031-05-01T13:00:00Z',
    dueDate: '2031-05-03T13:00:00Z',
    saleDate: '2031-05-01',
    subtotal: 25450,
    vatTotal: 22.5,
    total: 25472.5,
    paidAmount: 0,
    pendingAmount: 0,
    dueAmount: 25472.5,
    overdueAmount: 0,
    daysOverdue: 0,
    buyer: { _id: 'm1', name: 'Khalid Buyer1', trn: null },
    vehicle: { _id: 'v1', vehicleLotNumber: 1000, title: 'Nissan Patrol LE', vinNumber: '1HGCM82633A004352' },
    creditFor: null,
    voidReason: null,
    storageThrough: '2031-05-01',
    canRecordPayment: { allowed: true, reason: null },
    ...overrides,
  };
}

export function invoiceDetail(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    ...invoiceOut(),
    lines: [
      { _id: 'l1', kind: 'vehicle', description: 'Lot 1000 · Nissan Patrol LE · VIN 1HGCM82633A004352', serviceDate: null, quantity: 1, unitAmount: 25000, amount: 25000, vatRate: 0, vat: 0, total: 25000 },
      { _id: 'l2', kind: 'sale', description: 'Buyer fee up to 30,000 AED', serviceDate: null, quantity: 1, unitAmount: 350, amount: 350, vatRate: 5, vat: 17.5, total: 367.5 },
      { _id: 'l3', kind: 'gatePass', description: 'Gate fee', serviceDate: null, quantity: 1, unitAmount: 100, amount: 100, vatRate: 5, vat: 5, total: 105 },
    ],
    businessName: 'Emirates Motor Auctions LLC',
    businessTrn: '100234567890003',
    businessAddress: 'Street 18, Al Quoz Industrial Area 3, Dubai',
    ...overrides,
  };
}

export function invoiceList(data: Invoice[] = [invoiceOut()]): InvoiceList {
  return {
    data,
    totalPages: 1,
    currentPage: 1,
    totalMatching: data.length,
    totals: {
      unpaid: { count: 4, amount: 101890, stillToPay: 101890 },
      partiallyPaid: { count: 1, amount: 40000.5, stillToPay: 30000.5 },
      paid: { count: 7, amount: 230000, stillToPay: null },
      overdue: { count: 2, amount: 51445, stillToPay: 41445 },
    },
  };
}

export function paymentOf(overrides: Partial<InvoicePayment> = {}): InvoicePayment {
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
