import { Flex, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkBar } from '@/components/bulk-bar';
import type { ListKey } from '@/lib/list-keys';
import type { ListControls } from '@/lib/use-list-params';

/** What the table reads and sets of the list state (filters belong to the screen's toolbar). */
type TableList = Pick<ListControls, 'page' | 'limit' | 'search' | 'sortBy' | 'sortOrder' | 'setPage' | 'setSort'> & { filters: object };
import './data-table.css';

interface Row {
  _id: string;
}

interface DataTableProps<T extends Row> {
  /** The list's name on the server: its columns and saved views are kept under it. */
  listKey: ListKey;
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
  /** Rows that unfold to show more (an auction's events), as Ant Design's Table takes it. */
  expandable?: TableProps<T>['expandable'];
  /** What an empty table says, in a sentence ('No campaign has been written for SMS yet.'). */
  empty?: ReactNode;
}

/** The widest a text cell grows: a long name or title is cut with an ellipsis instead of pushing columns away. */
export const CELL_TEXT_MAX_WIDTH = 240;

const cellTextStyle: CSSProperties = {
  display: 'inline-block',
  maxWidth: CELL_TEXT_MAX_WIDTH,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
};

/** On hover, a cut text gets its full text as the title (the browser's tooltip); a text that fits gets none. */
function titleWhenCut(text: string) {
  return (event: MouseEvent<HTMLSpanElement>) => {
    const cell = event.currentTarget;
    if (cell.scrollWidth > cell.clientWidth) cell.title = text;
    else cell.removeAttribute('title');
  };
}

/**
 * One line of cell text, ellipsised past CELL_TEXT_MAX_WIDTH with the full text on hover. DataTable wraps every
 * plain text cell in it; a column that renders an element (a link) wraps its text itself.
 */
export function CellText({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <span style={cellTextStyle} onMouseEnter={titleWhenCut(text)}>
      {children ?? text}
    </span>
  );
}

type Column<T> = TableColumnsType<T>[number];

/** A column whose text cells are ellipsised: what its render (or its dataIndex) gives as a string goes in CellText. */
function withCellText<T>(column: Column<T>): Column<T> {
  if ('children' in column) return column;
  const { render } = column;
  return {
    ...column,
    render: (value: unknown, row: T, index: number) => {
      const shown: unknown = render ? render(value, row, index) : value;
      return typeof shown === 'string' && shown !== '' ? <CellText text={shown} /> : (shown as ReactNode);
    },
  };
}

/**
 * Ant Design's table with server paging and sorting, row selection and a bulk-action bar. Text cells are one line,
 * ellipsised with the full text on hover, so that a long value never pushes Status and Actions off the table.
 */
export function DataTable<T extends Row>({ listKey: _listKey, columns, rows, total, loading, list, rowName, bulkActions, expandable, empty, ...rest }: DataTableProps<T>) {
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
    withCellText(
      column.sorter && column.key !== undefined
        ? { ...column, sortOrder: column.key === list.sortBy ? (list.sortOrder === 'asc' ? 'ascend' : 'descend') : null }
        : column,
    ),
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
        expandable={expandable}
        locale={empty === undefined ? undefined : { emptyText: <Typography.Text type="secondary">{empty}</Typography.Text> }}
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
