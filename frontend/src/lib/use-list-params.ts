import { useCallback, useMemo } from 'react';
import { useSearchParamsUpdate } from '@/lib/use-search-params-update';

export const DEFAULT_LIMIT = 10;
/** The API caps a page at 100 rows (DESIGN.md section 3). */
export const MAX_LIMIT = 100;

export type SortOrder = 'asc' | 'desc';

/** What a list screen keeps in the URL: page, size, search, sort and its own filters. */
export interface ListParams<F extends string = string> {
  page: number;
  limit: number;
  search: string;
  sortBy?: string;
  sortOrder?: SortOrder;
  filters: Partial<Record<F, string>>;
}

export interface ListControls<F extends string = string> extends ListParams<F> {
  setPage: (page: number, limit?: number) => void;
  setSearch: (search: string) => void;
  setSort: (sortBy?: string, sortOrder?: SortOrder) => void;
  setFilter: (key: F, value: string | undefined) => void;
  /** Several filters at once (a summary card that sets a status and a date range); one URL change. */
  setFilters: (changes: Partial<Record<F, string | undefined>>) => void;
  /**
   * A saved view: its search, sort and filters replace the current ones (filters it does not name are cleared) in
   * one URL change, back on page 1. `extra` sets other params in the same change (the view's id).
   */
  replaceQuery: (query: ListQuery, extra?: Record<string, string | undefined>) => void;
}

/** What a saved view keeps of a list's URL: search, sort and filters. */
export interface ListQuery {
  search: string;
  sortBy?: string | null;
  sortOrder?: SortOrder | null;
  filters: Record<string, string | undefined>;
}

function positive(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? Math.min(parsed, max) : fallback;
}

/**
 * List state in the URL search params (?page=2&limit=20&search=ali&sortBy=name&sortOrder=asc&status=active),
 * so a reload, a shared link or the back button shows the same rows. A new search or filter goes back to page 1.
 */
export function useListParams<F extends string = never>(filterKeys: readonly F[] = []): ListControls<F> {
  const [params, updateParams] = useSearchParamsUpdate();
  const keys = filterKeys.join(',');

  const update = useCallback(
    (changes: Record<string, string | undefined>, resetPage: boolean) =>
      updateParams((next) => {
        Object.entries(changes).forEach(([key, value]) => (value ? next.set(key, value) : next.delete(key)));
        if (resetPage) next.delete('page');
      }),
    [updateParams],
  );

  return useMemo(() => {
    const order = params.get('sortOrder');
    const filters: Partial<Record<F, string>> = {};
    (keys ? (keys.split(',') as F[]) : []).forEach((key) => {
      const value = params.get(key);
      if (value) filters[key] = value;
    });
    return {
      page: positive(params.get('page'), 1),
      limit: positive(params.get('limit'), DEFAULT_LIMIT, MAX_LIMIT),
      search: params.get('search') ?? '',
      sortBy: params.get('sortBy') ?? undefined,
      sortOrder: order === 'asc' || order === 'desc' ? order : undefined,
      filters,
      setPage: (page, limit) => update({ page: page > 1 ? String(page) : undefined, limit: limit && limit !== DEFAULT_LIMIT ? String(limit) : undefined }, false),
      setSearch: (search) => update({ search: search.trim() || undefined }, true),
      setSort: (sortBy, sortOrder) => update({ sortBy: sortOrder ? sortBy : undefined, sortOrder: sortBy ? sortOrder : undefined }, false),
      setFilter: (key, value) => update({ [key]: value }, true),
      setFilters: (changes) => update(changes, true),
      replaceQuery: (query, extra = {}) => {
        const known = keys ? keys.split(',') : [];
        const filterChanges = Object.fromEntries(known.map((key) => [key, query.filters[key] || undefined]));
        const sorted = query.sortBy && query.sortOrder ? { sortBy: query.sortBy, sortOrder: query.sortOrder } : { sortBy: undefined, sortOrder: undefined };
        update({ ...filterChanges, search: query.search.trim() || undefined, ...sorted, ...extra }, true);
      },
    };
  }, [params, keys, update]);
}

/** The paging, search and sort part of a `POST .../get` body. */
export function pageQuery(list: ListParams) {
  return {
    pageNo: list.page,
    limit: list.limit,
    search: list.search || undefined,
    sortBy: list.sortBy,
    sortOrder: list.sortOrder ?? 'desc',
  } as const;
}
