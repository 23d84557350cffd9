import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import type { ListKey } from '@/lib/list-keys';

/* Saved views (issue 29): a named search, filters, sort and columns of one list, private or shared with everyone. */

type Schemas = components['schemas'];
/** `mine`: the signed-in user saved it (only they may change or delete it); `columns` null: the user's columns. */
export type SavedView = Schemas['SavedViewOut'];
/** What a view keeps (POST adds `list`; PUT sends the same). */
export type SavedViewFields = Schemas['SavedViewFields'];
type SavedViewList = Schemas['SavedViewList'];
type Message = Schemas['MessageResponse'];

export const savedViewsKey = ['saved-views'] as const;

/** GET /api/saved-views?list=: my views and everyone's shared ones, mine first, then by name. */
export function getSavedViews(listKey: ListKey): Promise<SavedView[]> {
  return apiRequest<SavedViewList>(`/saved-views?list=${encodeURIComponent(listKey)}`).then((answer) => answer.items);
}

export function savedViewsQueryOptions(listKey: ListKey) {
  return queryOptions({ queryKey: [...savedViewsKey, listKey], queryFn: () => getSavedViews(listKey), staleTime: 60_000 });
}

export function useSavedViews(listKey: ListKey) {
  return useQuery(savedViewsQueryOptions(listKey));
}

/** POST /api/saved-views. 409 at `name` when I already have a view of that name on the list. */
export function createSavedView(listKey: ListKey, body: SavedViewFields): Promise<SavedView> {
  return apiRequest<SavedView>('/saved-views', { method: 'POST', body: { list: listKey, ...body } });
}

/** PUT /api/saved-views/{id}: only its owner. */
export function updateSavedView(id: string, body: SavedViewFields): Promise<SavedView> {
  return apiRequest<SavedView>(`/saved-views/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

/** DELETE /api/saved-views/{id}: only its owner; answers the sentence to show. */
export function deleteSavedView(id: string): Promise<Message> {
  return apiRequest<Message>(`/saved-views/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

function useInvalidateViews(listKey: ListKey) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...savedViewsKey, listKey] });
}

export function useCreateSavedView(listKey: ListKey) {
  const invalidate = useInvalidateViews(listKey);
  return useMutation({ mutationFn: (body: SavedViewFields) => createSavedView(listKey, body), onSuccess: invalidate });
}

export function useUpdateSavedView(listKey: ListKey) {
  const invalidate = useInvalidateViews(listKey);
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: SavedViewFields }) => updateSavedView(id, body), onSuccess: invalidate });
}

export function useDeleteSavedView(listKey: ListKey) {
  const invalidate = useInvalidateViews(listKey);
  return useMutation({ mutationFn: deleteSavedView, onSuccess: invalidate });
}
