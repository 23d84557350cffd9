import { Flex, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences, useSaveColumns, type ColumnSetting } from '@/api/preferences';
import { BulkBar } from '@/components/bulk-bar';
import { ColumnChooser } from '@/components/column-chooser';
import { PHONE_QUERY, RowCards } from '@/components/row-cards';
import { SAVED_VIEW_PARAM, SavedViews, useMatchedView, type ViewList } from '@/components/saved-views';
import { arrangeLayout, choosableKeys, columnKey, columnName, columnTitle, isDefaultLayout, visibleColumns } from '@/components/table-columns';
import { DensitySwitch } from '@/components/density-switch';
import { TableDensity, useDensity } from '@/components/table-density';
import { useShowError } from '@/components/use-show-error';
import type { ListKey } from '@/lib/list-keys';
import { useMediaQuery } from '@/lib/use-media-query';
import type { ListControls } from '@/lib/use-list-params';
import { useSearchParamsUpdate } from '@/lib/use-search-params-update';
import './data-table.css';

/**
 * What the table reads and sets of the list state (filters belong to the screen's toolbar). With `replaceQuery`
 * (useListParams gives it) the toolbar offers the list's saved views.
 */
type TableList = Pick<ListControls, 'page' | 'limit' | 'search' | 'sortBy' | 'sortOrder' | 'setPage' | 'setSort'> &
  Partial<Pick<ListControls, 'replaceQuery'>> & { filters: object };

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
  /**
   * At a phone's width (< 576 px) the table is one card per row showing these columns as 'label: value' (default:
   * the first three shown columns other than 'actions' and 'cover'), with the row's 'actions' at the card's foot.
   */
  cardColumns?: string[];
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
 * One line of cell text, ellipsised past CELL_TEXT_MAX_WIDTH (or `max` px: the columns of long values, emails, names,
 * roles, cut narrower so that a list fits a 1440 px screen) with the full text on hover. DataTable wraps every plain
 * text cell in it; a column that renders an element (a link) wraps its text itself.
 */
export function CellText({ text, max, children }: { text: string; max?: number; children?: ReactNode }) {
  return (
    // dir="auto": a Latin name in an Arabic table runs left to right and is cut at its own end.
    <span dir="auto" style={max === undefined ? cellTextStyle : { ...cellTextStyle, maxWidth: max }} onMouseEnter={titleWhenCut(text)}>
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
 *
 * Above it, a toolbar (issue 29): the list's saved views, the rows' density and the column chooser. The columns
 * shown and their order are the user's, kept on the server per list ('actions' is always shown and last); a saved
 * view picked (its id in the URL) shows its own columns while the URL still matches it. At a phone's width the
 * rows are cards.
 */
export function DataTable<T extends Row>({ listKey, columns, rows, total, loading, list, rowName, bulkActions, expandable, empty, cardColumns, ...rest }: DataTableProps<T>) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const density = useDensity();
  const showError = useShowError();
  const [params, updateParams] = useSearchParamsUpdate();
  const [selected, setSelected] = useState<string[]>([]);
  const rowsKey = JSON.stringify([list.page, list.limit, list.search, list.filters]);
  const [selectedFor, setSelectedFor] = useState(rowsKey);
  if (rowsKey !== selectedFor) {
    setSelectedFor(rowsKey);
    setSelected([]);
  }
  const clear = () => setSelected([]);

  const { replaceQuery } = list;
  const viewList: ViewList | undefined = replaceQuery ? { ...list, replaceQuery } : undefined;
  const views = useMatchedView(listKey, viewList ?? { ...list, replaceQuery: () => undefined }, params.get(SAVED_VIEW_PARAM));
  const viewColumns = views.named ? views.matched?.columns : null;
  const saved = usePreferences().data?.lists[listKey]?.columns;
  const saveColumns = useSaveColumns(listKey);
  // The columns just chosen, shown within the click itself: the cache takes them a task later (the mutation's
  // onMutate and the cache's notices are asynchronous), and a checkbox must not read as unchanged meanwhile.
  // Cleared once the last change is settled, when the cache holds the answer (or the refusal's new read).
  const [chosen, setChosen] = useState<{ columns: ColumnSetting[] | null } | null>(null);
  const defaults = choosableKeys(columns);
  const layout = arrangeLayout(defaults, chosen ? chosen.columns : (viewColumns ?? saved));
  const isDefault = isDefaultLayout(defaults, layout);
  const keepColumns = (next: ColumnSetting[] | null) => {
    setChosen({ columns: next });
    saveColumns.mutate(next, {
      onError: (error) => showError(error, t('table.columns.saveFailed')),
      // Only the last change's callbacks run (TanStack Query): the earlier ones' answers need not clear it.
      onSettled: () => setChosen(null),
    });
    // The user's own columns from now on: a picked view's columns no longer override them.
    if (viewColumns) updateParams((next) => next.delete(SAVED_VIEW_PARAM));
  };
  const chooserColumns = columns.flatMap((column) => {
    const key = columnKey(column);
    return key !== undefined && defaults.includes(key) ? [{ key, name: columnName(column), title: columnTitle(column) }] : [];
  });

  const sortedColumns = visibleColumns(columns, layout).map((column) =>
    withCellText(
      column.sorter && column.key !== undefined
        ? { ...column, sortOrder: column.key === list.sortBy ? (list.sortOrder === 'asc' ? 'ascend' : 'descend') : null }
        : column,
    ),
  ) as TableColumnsType<T>;

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate') list.setPage(pagination.current ?? 1, pagination.pageSize);
    if (extra.action === 'sort') {
      const { columnKey: sortKey, order } = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
      list.setSort(order ? String(sortKey) : undefined, order === 'ascend' ? 'asc' : order === 'descend' ? 'desc' : undefined);
    }
  };

  const pagination = {
    current: list.page,
    pageSize: list.limit,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (count: number, [from, to]: [number, number]) => t('table.range', { from, to, count }),
  };

  return (
    <Flex vertical gap={12} className="data-table" data-density={density}>
      <div role="toolbar" aria-label={t('table.toolbar', { name: rest['aria-label'] })} className="data-table__toolbar">
        {viewList && <SavedViews listKey={listKey} list={viewList} views={views} columns={isDefault ? null : layout} />}
        <Flex gap={8} align="center" wrap className="data-table__settings">
          <DensitySwitch />
          <ColumnChooser columns={chooserColumns} layout={layout} isDefault={isDefault && !viewColumns} onChange={keepColumns} onReset={() => keepColumns(null)} />
        </Flex>
      </div>
      {bulkActions && selected.length > 0 && (
        <BulkBar count={selected.length} onClear={clear}>
          {bulkActions(selected, clear)}
        </BulkBar>
      )}
      {phone ? (
        <RowCards<T>
          aria-label={rest['aria-label']}
          columns={sortedColumns}
          cardColumns={cardColumns}
          rows={rows}
          loading={loading}
          pagination={pagination}
          onPage={(page, size) => list.setPage(page, size)}
          empty={empty}
          rowName={rowName}
          selection={bulkActions ? { selected, onChange: setSelected } : undefined}
        />
      ) : (
        <TableDensity>
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
            pagination={pagination}
          />
        </TableDensity>
      )}
    </Flex>
  );
}
