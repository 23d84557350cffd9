import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from '@/components/data-table';
import { useListParams } from '@/lib/use-list-params';
import { renderWithProviders } from '@/test/render';

interface Row {
  _id: string;
  name: string;
}

const rows: Row[] = Array.from({ length: 10 }, (_, index) => ({ _id: `r${index + 1}`, name: `Row ${index + 1}` }));

function Harness({ onBulk }: { onBulk: (ids: string[]) => void }) {
  const list = useListParams(['status']);
  return (
    <DataTable<Row>
      aria-label="Things"
      columns={[{ key: 'name', title: 'Name', dataIndex: 'name', sorter: true }]}
      rows={rows}
      total={25}
      list={list}
      rowName={(row) => row.name}
      bulkActions={(ids, clear) => (
        <Button
          onClick={() => {
            onBulk(ids);
            clear();
          }}
        >
          Archive
        </Button>
      )}
    />
  );
}

describe('DataTable', () => {
  it('shows a bulk-action bar for the selected rows and clears it', async () => {
    const onBulk = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onBulk={onBulk} />, { path: '/things' });
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Row 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Row 5' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));
    expect(onBulk).toHaveBeenCalledWith(['r2', 'r5']);
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('keeps page, size and sort in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Harness onBulk={vi.fn()} />, { path: '/things', route: '/things?status=active' });
    expect(screen.getByText('1-10 of 25')).toBeInTheDocument();
    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('active');

    await user.click(screen.getByRole('columnheader', { name: /Name/ }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('sortBy')).toBe('name');
    expect(params.get('sortOrder')).toBe('asc');
  });
});
