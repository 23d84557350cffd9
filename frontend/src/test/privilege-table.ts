import type { PrivilegeTable } from '@/lib/permissions';

/** GET /api/role/privileges as the server answers it, for the modules the tests look at (others offer nothing). */
export const PRIVILEGE_TABLE: PrivilegeTable = [
  { module: 'Members', boxes: [{ privilege: 'view', allows: 'see members' }] },
  { module: 'Calender', boxes: [{ privilege: 'view', allows: 'see the auction calendar' }] },
  {
    module: 'Payments',
    boxes: [
      { privilege: 'add', allows: 'record payments and request refunds' },
      { privilege: 'view', allows: 'see invoices, payments and member ledgers' },
      { privilege: 'delete', allows: 'void invoices' },
      { privilege: 'updateStatus', allows: 'verify and reject payments, complete and cancel payouts, cancel a sale for default' },
    ],
  },
  { module: 'Reports', boxes: [{ privilege: 'view', allows: 'see and download the reports' }] },
];
