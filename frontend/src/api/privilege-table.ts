import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { PrivilegeTable } from '@/lib/permissions';

/** GET /api/role/privileges: what each box of the privileges grid allows, module by module (the table the
 * server's guards follow); it changes only with a new version of Gavel. */
export function privilegeTableQueryOptions() {
  return queryOptions({
    queryKey: ['privilege-table'],
    queryFn: () => apiRequest<PrivilegeTable>('/role/privileges'),
    staleTime: Infinity,
  });
}

export function usePrivilegeTable(): PrivilegeTable | undefined {
  return useQuery(privilegeTableQueryOptions()).data;
}
