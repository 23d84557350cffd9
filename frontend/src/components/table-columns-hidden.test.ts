import type { TableColumnsType } from 'antd';
import { describe, expect, it } from 'vitest';
import { arrangeLayout, choosableKeys, isDefaultLayout, visibleColumns } from '@/components/table-columns';

interface Row {
  _id: string;
}

const columns: TableColumnsType<Row> = [
  { key: 'name', title: 'Name' },
  { key: 'email', title: 'Email' },
  { key: 'plan', title: 'Plan', hidden: true },
  { key: 'actions', title: 'Actions' },
];

describe('columns hidden by default (hidden: true)', () => {
  it('are offered unticked, left out of the table, and the default layout needs nothing kept', () => {
    const defaults = choosableKeys(columns);
    const layout = arrangeLayout(defaults, null);
    expect(layout).toEqual([
      { key: 'name', visible: true },
      { key: 'email', visible: true },
      { key: 'plan', visible: false },
    ]);
    expect(isDefaultLayout(defaults, layout)).toBe(true);
    expect(visibleColumns(columns, layout).map((column) => column.key)).toEqual(['name', 'email', 'actions']);
  });

  it('are shown once the user ticks them, and that layout is the user’s own', () => {
    const defaults = choosableKeys(columns);
    const layout = arrangeLayout(defaults, [
      { key: 'plan', visible: true },
      { key: 'name', visible: true },
      { key: 'email', visible: false },
    ]);
    expect(isDefaultLayout(defaults, layout)).toBe(false);
    const shown = visibleColumns(columns, layout);
    expect(shown.map((column) => [column.key, column.hidden])).toEqual([
      ['plan', false],
      ['name', undefined],
      ['actions', undefined],
    ]);
  });

  it('a new column hidden by default stays hidden in a layout saved before it existed, after the column before it', () => {
    const defaults = choosableKeys(columns);
    const layout = arrangeLayout(defaults, [
      { key: 'email', visible: true },
      { key: 'name', visible: true },
    ]);
    expect(layout).toEqual([
      { key: 'email', visible: true },
      { key: 'plan', visible: false },
      { key: 'name', visible: true },
    ]);
  });
});
