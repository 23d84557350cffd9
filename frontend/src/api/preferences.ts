import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import type { ListKey } from '@/lib/list-keys';

/*
 * A staff user's own list preferences, kept on the server so that they follow the person to another machine
 * (issue 29): the rows' density of every table and, per list, the columns shown and their order.
 */

type Schemas = components['schemas'];
export type Density = Schemas['Density'];
/** One column of a list as the user arranged it: its key and whether it is shown. */
export type ColumnSetting = Schemas['ColumnSetting'];
/** GET /api/me/preferences: `lists` holds only the lists the user has changed. */
export type Preferences = Schemas['Preferences'];
type ListLayout = Schemas['ListLayoutOut'];

export const preferencesQueryKey = ['me', 'preferences'] as const;

/** GET /api/me/preferences. */
export function getPreferences(): Promise<Preferences> {
  return apiRequest<Preferences>('/me/preferences');
}

/** Read once for the session: every change below writes its answer into the cache. */
export function preferencesQueryOptions() {
  return queryOptions({ queryKey: preferencesQueryKey, queryFn: getPreferences, staleTime: Infinity });
}

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

/** PUT /api/me/preferences/density: answers the whole preferences. */
export function putDensity(density: Density): Promise<Preferences> {
  return apiRequest<Preferences>('/me/preferences/density', { method: 'PUT', body: { density } });
}

/**
 * Sets the density at once and sends it. The changes are sent one after another (a mutation scope), so the
 * server keeps the last one chosen; a refusal reads the preferences again.
 */
export function useSetDensity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putDensity,
    scope: { id: 'preferences-density' },
    onMutate: async (density) => {
      // A read of the preferences on its way (the first, a refetch) would answer the state before this change and
      // undo it on screen: it is called off, and the change stays until the server's answer or a refusal.
      await queryClient.cancelQueries({ queryKey: preferencesQueryKey });
      queryClient.setQueryData<Preferences>(preferencesQueryKey, (current) => ({ lists: {}, ...current, density }));
    },
    onError: () => queryClient.invalidateQueries({ queryKey: preferencesQueryKey }),
  });
}

/** PUT /api/me/lists/{listKey}/columns (the order shown), or DELETE it (Reset: `columns` null). */
export function saveColumns(listKey: ListKey, columns: ColumnSetting[] | null): Promise<ListLayout> {
  const path = `/me/lists/${encodeURIComponent(listKey)}/columns`;
  return columns === null ? apiRequest<ListLayout>(path, { method: 'DELETE' }) : apiRequest<ListLayout>(path, { method: 'PUT', body: { columns } });
}

function withColumns(preferences: Preferences | undefined, listKey: ListKey, columns: ColumnSetting[] | null): Preferences {
  const lists = { ...preferences?.lists };
  if (columns === null || columns.length === 0) delete lists[listKey];
  else lists[listKey] = { columns };
  return { density: preferences?.density ?? 'comfortable', lists };
}

/**
 * Keeps a list's columns (null: back to the default). The table shows the change at once; the changes of a list
 * are sent one after another (a mutation scope), so that the server keeps the last one made (two in flight at once
 * could be written in the other order). A refusal reads the preferences again.
 */
export function useSaveColumns(listKey: ListKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: ColumnSetting[] | null) => saveColumns(listKey, columns),
    scope: { id: `preferences-columns-${listKey}` },
    onMutate: async (columns) => {
      await queryClient.cancelQueries({ queryKey: preferencesQueryKey }); // as useSetDensity: no older read undoes it
      queryClient.setQueryData<Preferences>(preferencesQueryKey, (current) => withColumns(current, listKey, columns));
    },
    onError: () => queryClient.invalidateQueries({ queryKey: preferencesQueryKey }),
  });
}
