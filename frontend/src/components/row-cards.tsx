import { Card, Checkbox, Empty, Flex, List, Pagination, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIONS_KEY, columnKey, columnTitle, COVER_KEY } from '@/components/table-columns';

/** A phone (narrower than Ant Design's `sm`, 576 px): the table becomes one card per row. */
export const PHONE_QUERY = '(max-width: 575.98px)';

type Column<T> = TableColumnsType<T>[number];

interface Row {
  _id: string;
}

/** A cell's value as the table would hand it to the column's render (dataIndex 'a' or ['a', 'b']). */
function valueAt(row: object, dataIndex: unknown): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>((value, part) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[String(part)] : undefined), row);
}

function cell<T extends Row>(column: Column<T>, row: T, index: number): ReactNode {
  if ('children' in column) return null;
  const value = valueAt(row, column.dataIndex);
  const shown: unknown = column.render ? column.render(value, row, index) : value;
  if (shown !== null && typeof shown === 'object' && !('$$typeof' in shown) && 'children' in shown) {
    // A render may answer { children, props } (a cell spanning rows): the card shows its content.
    return (shown as { children: ReactNode }).children;
  }
  return shown as ReactNode;
}

/** The card's fields: the given keys, else the first three shown columns that are neither 'actions' nor 'cover'. */
export function cardFields<T>(columns: TableColumnsType<T>, keys: readonly string[] | undefined): TableColumnsType<T> {
  if (keys) {
    const byKey = new Map(columns.map((column) => [columnKey(column), column] as const));
    return keys.map((key) => byKey.get(key)).filter((column): column is Column<T> => column !== undefined);
  }
  return columns.filter((column) => columnKey(column) !== ACTIONS_KEY && columnKey(column) !== COVER_KEY).slice(0, 3);
}

interface RowCardsProps<T extends Row> {
  'aria-label': string;
  /** The columns as the table would show them (the user's choice); 'actions' renders at each card's foot. */
  columns: TableColumnsType<T>;
  cardColumns?: readonly string[];
  rows: T[] | undefined;
  loading?: boolean;
  pagination: TablePaginationConfig;
  onPage: (page: number, pageSize: number) => void;
  empty?: ReactNode;
  rowName?: (row: T) => string;
  /** Given: each card has a checkbox for the bulk actions. */
  selection?: { selected: string[]; onChange: (ids: string[]) => void };
}

/** One card per row at a phone's width: its fields as 'label: value', its actions at its foot, and the list's paging. */
export function RowCards<T extends Row>({ columns, cardColumns, rows, loading, pagination, onPage, empty, rowName, selection, ...rest }: RowCardsProps<T>) {
  const { t } = useTranslation();
  const fields = cardFields(columns, cardColumns);
  const actions = columns.find((column) => columnKey(column) === ACTIONS_KEY);
  const { current = 1, pageSize = 10, total = 0 } = pagination;
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);

  return (
    <Flex vertical gap={12} role="region" aria-label={rest['aria-label']}>
      <List<T>
        loading={loading}
        dataSource={rows ?? []}
        rowKey="_id"
        locale={{ emptyText: empty === undefined ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : <Typography.Text type="secondary">{empty}</Typography.Text> }}
        renderItem={(row, index) => {
          const name = rowName?.(row) ?? row._id;
          const foot = actions ? cell(actions, row, index) : null;
          return (
            <List.Item aria-label={name} className="row-card">
              <Card
                size="small"
                className="row-card__card"
                actions={foot === null || foot === undefined || foot === false ? undefined : [<div key="actions" className="row-card__actions">{foot}</div>]}
              >
                {selection && (
                  <Checkbox
                    className="row-card__select"
                    aria-label={t('table.selectRow', { name })}
                    checked={selection.selected.includes(row._id)}
                    onChange={(event) => selection.onChange(event.target.checked ? [...selection.selected, row._id] : selection.selected.filter((id) => id !== row._id))}
                  />
                )}
                <dl className="row-card__fields">
                  {fields.map((column) => (
                    <div key={columnKey(column)} className="row-card__field">
                      <dt>{columnTitle(column)}</dt>
                      <dd>{cell(column, row, index)}</dd>
                    </div>
                  ))}
                </dl>
              </Card>
            </List.Item>
          );
        }}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('table.range', { from, to, count: total })}</Typography.Text>
        <Pagination simple current={current} pageSize={pageSize} total={total} onChange={onPage} />
      </Flex>
    </Flex>
  );
}
