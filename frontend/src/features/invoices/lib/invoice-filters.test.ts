import { describe, expect, it } from 'vitest';
import { invoiceListQuery } from '@/features/invoices/lib/invoice-filters';

const list = { page: 1, limit: 10, search: '' };

describe('invoice list query', () => {
  it('sends the due days and the open states the URL holds', () => {
    const body = invoiceListQuery({ ...list, filters: { due: '2031-05-03..2031-05-03', open: 'true' } });
    expect(body).toMatchObject({ dueFrom: '2031-05-03', dueTo: '2031-05-03', open: true });
  });

  it('leaves out a due range or an open flag a hand-edited URL got wrong', () => {
    const body = invoiceListQuery({ ...list, filters: { due: '03/05/2031..', open: 'yes', status: 'overdue' } });
    expect(body.dueFrom).toBeUndefined();
    expect(body.dueTo).toBeUndefined();
    expect(body.open).toBeUndefined();
    expect(body.status).toBe('overdue');
  });
});
