import type { components } from '@/api/schema';

export type StaffSessionSort = components['schemas']['StaffSessionSort'];

const SORTS: readonly StaffSessionSort[] = ['lastActiveAt', 'signedInAt'];

/** The sort a URL asks for, when the API knows it; anything else falls back to the API's default (last activity). */
export function sessionSort(sortBy: string | undefined): StaffSessionSort | undefined {
  return SORTS.find((known) => known === sortBy);
}
