import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CELL_TEXT_MAX_WIDTH, DataTable } from '@/components/data-table';
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
    <DataTable<Row> listKey="users"
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

  describe('long text', () => {
    const planName = `Platinum ${'deposit '.repeat(12)}plan for fleet buyers`.slice(0, 100);
    /** jsdom lays nothing out: a text is "cut" when its content is wider than its box, as the browser reports. */
    function layOut(cut: (text: string) => boolean) {
      Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
        configurable: true,
        get(this: HTMLElement) {
          return cut(this.textContent ?? '') ? CELL_TEXT_MAX_WIDTH * 3 : 0;
        },
      });
    }
    // jsdom defines scrollWidth on Element.prototype: removing the override brings it back.
    afterEach(() => {
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollWidth');
    });

    function LongRows() {
      const list = useListParams();
      return (
        <DataTable<Row & { plan: string }> listKey="users"
          aria-label="Members"
          columns={[
            { key: 'name', title: 'Name', dataIndex: 'name' },
            { key: 'plan', title: 'Plan', render: (_, row) => row.plan },
            { key: 'status', title: 'Status', render: () => <button type="button">Approve</button> },
          ]}
          rows={[{ _id: 'r1', name: 'Amna', plan: planName }]}
          total={1}
          list={list}
        />
      );
    }

    it('keeps a 100-character text on one ellipsised line, with the full text on hover only when it is cut', async () => {
      layOut((text) => text.length > 40);
      const user = userEvent.setup();
      renderWithProviders(<LongRows />, { path: '/things' });
      const row = screen.getByRole('row', { name: /Amna/ });
      const plan = within(row).getByText(planName);
      expect(plan).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: `${CELL_TEXT_MAX_WIDTH}px` });
      // Status and actions keep their own cell next to it.
      expect(within(row).getByRole('button', { name: 'Approve' })).toBeInTheDocument();

      await user.hover(plan);
      expect(plan).toHaveAttribute('title', planName);
      const name = within(row).getByText('Amna');
      await user.hover(name);
      expect(name).not.toHaveAttribute('title');
    });
  });
});
