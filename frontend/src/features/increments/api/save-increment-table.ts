import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { components } from '@/api/schema';
import { incrementTableKey, type IncrementTable } from '@/features/increments/api/get-increment-table';

export type IncrementTableBody = components['schemas']['IncrementTableIn'];

/** PUT /api/increment-table: the whole table at once, from the version it was read at (409 when someone saved since). */
export function saveIncrementTable(body: IncrementTableBody): Promise<IncrementTable> {
  return apiRequest<IncrementTable>('/increment-table', { method: 'PUT', body });
}

export function useSaveIncrementTableMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveIncrementTable, onSuccess: (saved) => queryClient.setQueryData(incrementTableKey, saved) });
}
