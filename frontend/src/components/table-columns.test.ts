import { describe, expect, it } from 'vitest';
import { arrangeLayout, choosableKeys, isDefaultLayout, moveColumn, visibleColumns } from '@/components/table-columns';

const columns = [
  { key: 'name', title: 'Name' },
  { key: 'email', title: 'Email' },
  { key: 'phone', title: 'Phone' },
  { key: 'actions', title: 'Actions' },
];

describe('a list’s columns as the user arranged them', () => {
  it('offers every keyed column but actions, and shows the default when nothing is saved', () => {
    const defaults = choosableKeys(columns);
    expect(defaults).toEqual(['name', 'email', 'phone']);
    const layout = arrangeLayout(defaults, undefined);
    expect(layout).toEqual([
      { key: 'name', visible: true },
      { key: 'email', visible: true },
      { key: 'phone', visible: true },
    ]);
    expect(isDefaultLayout(defaults, layout)).toBe(true);
  });

  it('ignores saved keys the list no longer has and puts a new column in its default place, shown', () => {
    const defaults = choosableKeys(columns);
    const layout = arrangeLayout(defaults, [
      { key: 'phone', visible: true },
      { key: 'fax', visible: true },
      { key: 'name', visible: false },
    ]);
    // email is new to the saved layout: it follows name, the column before it by default.
    expect(layout).toEqual([
      { key: 'phone', visible: true },
      { key: 'name', visible: false },
      { key: 'email', visible: true },
    ]);
    expect(isDefaultLayout(defaults, layout)).toBe(false);
  });

  it('keeps actions last and pinned columns at their edge whatever the order', () => {
    const pinned = [{ key: 'lot', title: 'Lot', fixed: 'start' as const }, ...columns];
    const layout = [
      { key: 'email', visible: true },
      { key: 'lot', visible: true },
      { key: 'phone', visible: false },
      { key: 'name', visible: true },
    ];
    expect(visibleColumns(pinned, layout).map((column) => column.key)).toEqual(['lot', 'email', 'name', 'actions']);
  });

  it('moves a column one place up or down, and not past either end', () => {
    const layout = arrangeLayout(choosableKeys(columns), undefined);
    expect(moveColumn(layout, 2, -1).map((setting) => setting.key)).toEqual(['name', 'phone', 'email']);
    expect(moveColumn(layout, 0, 1).map((setting) => setting.key)).toEqual(['email', 'name', 'phone']);
    expect(moveColumn(layout, 0, -1)).toEqual(layout);
    expect(moveColumn(layout, 2, 1)).toEqual(layout);
  });
});
