import type { ListParams } from '@/lib/use-list-params';

export interface PageTotal {
  total: number;
  /** False when the count is an upper bound (a filtered list, before its last page). */
  exact: boolean;
}

interface PageTotalInput {
  list: ListParams;
  totalPages: number | undefined;
  rowsOnPage: number | undefined;
  /** The list's count without search and filters, which the API answers alongside. */
  unfiltered?: number;
}

/**
 * The row count for the pager. The list answers carry totalPages and the overall counts, not the number of rows
 * matching a search: without search and filters the overall count is exact; on the last page the count is
 * exact too; before that it is the upper bound totalPages × limit.
 */
export function pageTotal({ list, totalPages, rowsOnPage, unfiltered }: PageTotalInput): PageTotal {
  const filtered = list.search !== '' || Object.values(list.filters).some(Boolean);
  if (!filtered && unfiltered !== undefined) return { total: unfiltered, exact: true };
  if (totalPages === undefined || rowsOnPage === undefined) return { total: 0, exact: false };
  if (list.page >= totalPages) return { total: (totalPages - 1) * list.limit + rowsOnPage, exact: true };
  return { total: totalPages * list.limit, exact: false };
}
