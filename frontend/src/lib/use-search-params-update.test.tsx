import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useDrawerParam } from '@/lib/use-drawer-param';
import { useListParams, type ListControls } from '@/lib/use-list-params';

describe('URL updates start from the newest address', () => {
  it("a search kept by a timer from before the drawer closed does not bring the drawer back", async () => {
    const seen: { first?: ListControls<'status'>; close?: () => void; search: string } = { search: '' };
    function Screen() {
      const list = useListParams(['status']);
      const drawer = useDrawerParam('invoice');
      seen.first ??= list; // what a debounced search box holds from the render it was typed in
      seen.close = drawer.close;
      seen.search = useLocation().search;
      return null;
    }
    const router = createMemoryRouter([{ path: '/invoices', element: <Screen /> }], { initialEntries: ['/invoices?status=overdue&invoice=i1'] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(seen.search).toBe('?status=overdue&invoice=i1'));

    act(() => seen.close!());
    await waitFor(() => expect(seen.search).toBe('?status=overdue'));
    act(() => seen.first!.setSearch('ali'));
    await waitFor(() => expect(seen.search).toBe('?status=overdue&search=ali'));
  });

  it('two changes of one list before it renders again both land', async () => {
    let list: ListControls<'status'> | undefined;
    let search = '';
    function Screen() {
      list = useListParams(['status']);
      search = useLocation().search;
      return null;
    }
    const router = createMemoryRouter([{ path: '/payments', element: <Screen /> }], { initialEntries: ['/payments?page=3'] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(list).toBeDefined());
    act(() => {
      list!.setFilter('status', 'pending');
      list!.setSort('amount', 'desc');
    });
    await waitFor(() => expect(search).toBe('?status=pending&sortBy=amount&sortOrder=desc'));
  });
});
