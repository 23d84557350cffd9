import { vi } from 'vitest';
import type { AuditEvent, AuditEventList } from '@/api/audit-events';
import { EVERYTHING, meWith } from '@/test/me';

export const approval: AuditEvent = {
  _id: 'e2',
  createdAt: '2026-11-25T06:30:00Z',
  actorId: 'u1',
  actorName: 'Mariam Haddad',
  actorEmail: 'mariam@example.com',
  ipAddress: '10.0.0.7',
  device: 'Chrome 120.0 on Windows 10 (Desktop computer)',
  action: 'member.status_changed',
  actionLabel: 'Member: status changed',
  summary: 'Approved member Omar Al Suwaidi',
  module: 'Members',
  entity: 'member',
  entityId: 'm1',
  recordName: 'Omar Al Suwaidi',
  changes: [
    { field: 'status', old: 'pending', new: 'approved' },
    { field: 'reason', old: null, new: null },
  ],
};

export const signIn: AuditEvent = {
  ...approval,
  _id: 'e1',
  createdAt: '2026-11-25T06:00:00Z',
  actorId: 'gone',
  actorName: null,
  actorEmail: 'left@example.com',
  device: null,
  action: 'auth.login',
  actionLabel: 'Auth: login',
  summary: 'Signed in',
  module: 'Users',
  entity: 'user',
  entityId: 'gone',
  recordName: null,
  changes: [],
};

export function eventList(data: AuditEvent[], more: Partial<AuditEventList> = {}): AuditEventList {
  return { data, total: data.length, totalIsCapped: false, countLimit: 100000, totalPages: 1, currentPage: 1, ...more };
}

export interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Stubs fetch by path (the query string apart, so a test reads the filters sent): "GET /api/audit-events". */
export function mockAuditApi(routes: Record<string, Answer>, me = meWith(EVERYTHING)) {
  const all: Record<string, Answer> = {
    'GET /api/auth/me': { body: me },
    'GET /api/audit-events/staff': { body: [{ _id: 'u1', fullName: 'Mariam Haddad', email: 'mariam@example.com' }] },
    'GET /api/audit-events/actions': { body: [{ value: 'member.status_changed', label: 'Member: status changed' }] },
    ...routes,
  };
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://gavel.test');
    const answer = all[`${init?.method ?? 'GET'} ${url.pathname}`] ?? { status: 404, body: { message: 'Not found' } };
    const text = typeof answer.body === 'string' ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json', ...answer.headers } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The query parameters of every call to `path`, in order. */
export function queriesOf(mock: ReturnType<typeof mockAuditApi>, path: string): Record<string, string>[] {
  return mock.mock.calls.flatMap(([input]) => {
    const url = new URL(String(input), 'http://gavel.test');
    return url.pathname === path ? [Object.fromEntries(url.searchParams)] : [];
  });
}
