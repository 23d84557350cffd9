import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { ColumnSetting } from '@/api/preferences';

/*
 * The columns a list shows, as the user arranged them (issue 29). A column is known by its `key`; the one keyed
 * 'actions' is never hidden nor moved (it stays last); a column the saved layout does not know (a new one) takes its
 * default place; a saved key the list no longer has is ignored.
 */

export const ACTIONS_KEY = 'actions';
/** Left out of a phone's cards by default (a photo does not say which row it is). */
export const COVER_KEY = 'cover';

type Column<T> = TableColumnsType<T>[number];

export function columnKey<T>(column: Column<T>): string | undefined {
  return column.key === undefined || column.key === null ? undefined : String(column.key);
}

/** A column's name in words: its title when that is text, else its key. */
export function columnName<T>(column: Column<T>): string {
  const { title } = column as { title?: unknown };
  return typeof title === 'string' || typeof title === 'number' ? String(title) : (columnKey(column) ?? '');
}

/** A column's heading as shown (a title may be a function of the sort state: its key then). */
export function columnTitle<T>(column: Column<T>): ReactNode {
  const { title } = column as { title?: unknown };
  return typeof title === 'function' || title === undefined ? columnName(column) : (title as ReactNode);
}

/**
 * The columns a list hides until the user shows them (a rarely used column marked `hidden: true`, Ant Design's own
 * property), known by the array of keys choosableKeys made for the list: arrangeLayout and isDefaultLayout read it.
 */
const hiddenByDefault = new WeakMap<readonly string[], ReadonlySet<string>>();

const shownByDefault = (defaults: readonly string[], key: string) => !hiddenByDefault.get(defaults)?.has(key);

/**
 * The keys the chooser offers, in the list's default order (every column but 'actions' and those without a key). A
 * column marked `hidden: true` is offered unticked: hidden by default, shown when the user ticks it.
 */
export function choosableKeys<T>(columns: TableColumnsType<T>): string[] {
  const keys = columns.map(columnKey).filter((key): key is string => key !== undefined && key !== ACTIONS_KEY);
  const hidden = columns.filter((column) => column.hidden === true).map(columnKey);
  hiddenByDefault.set(keys, new Set(hidden.filter((key): key is string => key !== undefined)));
  return keys;
}

/**
 * The layout to show: the saved one without the keys the list no longer has, with each new column placed right
 * after the column that precedes it by default (or first), shown unless hidden by default. No saved layout: the
 * default, every column shown but those hidden by default.
 */
export function arrangeLayout(defaults: readonly string[], saved: readonly ColumnSetting[] | null | undefined): ColumnSetting[] {
  const known = new Set(defaults);
  const seen = new Set<string>();
  const layout: ColumnSetting[] = [];
  for (const setting of saved ?? []) {
    if (known.has(setting.key) && !seen.has(setting.key)) {
      seen.add(setting.key);
      layout.push({ key: setting.key, visible: setting.visible });
    }
  }
  defaults.forEach((key, index) => {
    if (seen.has(key)) return;
    const before = defaults.slice(0, index).reverse().find((earlier) => seen.has(earlier));
    const at = before === undefined ? 0 : layout.findIndex((setting) => setting.key === before) + 1;
    layout.splice(at, 0, { key, visible: shownByDefault(defaults, key) });
    seen.add(key);
  });
  if (!layout.some((setting) => setting.visible) && layout.length > 0) layout[0] = { ...layout[0]!, visible: true };
  return layout;
}

/** The same layout as the default: nothing to keep on the server. */
export function isDefaultLayout(defaults: readonly string[], layout: readonly ColumnSetting[]): boolean {
  return layout.length === defaults.length && layout.every((setting, index) => setting.visible === shownByDefault(defaults, setting.key) && setting.key === defaults[index]);
}

/**
 * The columns to give the table: the shown ones in the layout's order, those pinned to the start first and those
 * pinned to the end last (a pinned column in the middle would stick over the others), then 'actions'. Columns without
 * a key keep their default place at the end. Pins are logical ('start', 'end'; `true` is 'start', as for the table):
 * the table puts them on the right in Arabic.
 */
export function visibleColumns<T>(columns: TableColumnsType<T>, layout: readonly ColumnSetting[]): TableColumnsType<T> {
  const byKey = new Map(columns.map((column) => [columnKey(column), column] as const));
  const shown = layout
    .filter((setting) => setting.visible)
    .map((setting) => byKey.get(setting.key))
    .filter((column): column is Column<T> => column !== undefined)
    // Hidden by default, shown by the user's choice.
    .map((column) => (column.hidden === true ? { ...column, hidden: false } : column));
  const pinned = (column: Column<T>) => (column.fixed === 'start' || column.fixed === true ? 0 : column.fixed === 'end' ? 2 : 1);
  const ordered = shown.map((column, index) => ({ column, index })).sort((a, b) => pinned(a.column) - pinned(b.column) || a.index - b.index).map(({ column }) => column);
  const unkeyed = columns.filter((column) => columnKey(column) === undefined);
  const actions = columns.filter((column) => columnKey(column) === ACTIONS_KEY);
  return [...ordered, ...unkeyed, ...actions];
}

/** Moves the column at `index` one place up (-1) or down (+1). */
export function moveColumn(layout: readonly ColumnSetting[], index: number, by: -1 | 1): ColumnSetting[] {
  const target = index + by;
  if (target < 0 || target >= layout.length) return [...layout];
  const next = [...layout];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
