import { describe, expect, it } from 'vitest';
import { pageTotal } from '@/lib/page-total';
import type { ListParams } from '@/lib/use-list-params';

const list = (changes: Partial<ListParams> = {}): ListParams => ({ page: 1, limit: 10, search: '', filters: {}, ...changes });

describe('pageTotal', () => {
  it('uses the overall count when nothing narrows the list', () => {
    expect(pageTotal({ list: list(), totalPages: 3, rowsOnPage: 10, unfiltered: 27 })).toEqual({ total: 27, exact: true });
  });

  it('counts exactly on the last page of a filtered list, else gives the upper bound', () => {
    expect(pageTotal({ list: list({ search: 'ali', page: 2 }), totalPages: 2, rowsOnPage: 4, unfiltered: 50 })).toEqual({ total: 14, exact: true });
    expect(pageTotal({ list: list({ filters: { status: 'active' } }), totalPages: 2, rowsOnPage: 10, unfiltered: 50 })).toEqual({ total: 20, exact: false });
  });
});
