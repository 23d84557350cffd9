import { Flex, Table, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkBar } from '@/components/bulk-bar';
import type { ListControls } from '@/lib/use-list-params';

/** What the table reads and sets of the list state (filters belong to the screen's toolbar). */
type TableList = Pick<ListControls, 'page' | 'limit' | 'search' | 'sortBy' | 'sortOrder' | 'setPage' | 'setSort'> & { filters: object };
import './data-table.css';

interface Row {
  _id: string;
}

interface DataTableProps<T extends Row> {
  columns: TableColumnsType<T>;
  rows: T[] | undefined;
  /** How many rows match the search and filters (the list's totalMatching). */
  total: number;
  loading?: boolean;
  /** Paging and sorting live in the URL (useListParams). Sortable columns set `sorter: true` and a `key`. */
  list: TableList;
  'aria-label': string;
  /** The name read out for a row's checkbox ("Select <name>"). */
  rowName?: (row: T) => string;
  /** Given: rows can be selected, and these actions show for the selection. */
  bulkActions?: (ids: string[], clear: () => void) => ReactNode;
}

/** Ant Design's table with server paging and sorting, row selection and a bulk-action bar. */
export function DataTable<T extends Row>({ columns, rows, total, loading, list, rowName, bulkActions, ...rest }: DataTableProps<T>) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  const listKey = JSON.stringify([list.page, list.limit, list.search, list.filters]);
  const [selectedFor, setSelectedFor] = useState(listKey);
  if (listKey !== selectedFor) {
    setSelectedFor(listKey);
    setSelected([]);
  }
  const clear = () => setSelected([]);

  const sortedColumns = columns.map((column) =>
    column.sorter && column.key !== undefined
      ? { ...column, sortOrder: column.key === list.sortBy ? (list.sortOrder === 'asc' ? 'ascend' : 'descend') : null }
      : column,
  ) as TableColumnsType<T>;

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate') list.setPage(pagination.current ?? 1, pagination.pageSize);
    if (extra.action === 'sort') {
      const { columnKey, order } = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
      list.setSort(order ? String(columnKey) : undefined, order === 'ascend' ? 'asc' : order === 'descend' ? 'desc' : undefined);
    }
  };

  return (
    <Flex vertical gap={12}>
      {bulkActions && selected.length > 0 && (
        <BulkBar count={selected.length} onClear={clear}>
          {bulkActions(selected, clear)}
        </BulkBar>
      )}
      <Table<T>
        aria-label={rest['aria-label']}
        rowKey="_id"
        columns={sortedColumns}
        dataSource={rows}
        loading={loading}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        rowSelection={
          bulkActions
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (row) => ({ 'aria-label': t('table.selectRow', { name: rowName?.(row) ?? row._id }) }),
              }
            : undefined
        }
        pagination={{
          current: list.page,
          pageSize: list.limit,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (count, [from, to]) => t('table.range', { from, to, count }),
        }}
      />
    </Flex>
  );
}
