import { vi } from 'vitest';

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

export type MockRoutes = Record<string, MockAnswer | ((init: RequestInit | undefined) => MockAnswer)>;

/** Stubs global fetch: keys are "METHOD /api/path"; anything else answers 404. Returns the mock for assertions. */
export function mockFetch(routes: MockRoutes) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const route = routes[`${init?.method ?? 'GET'} ${url}`];
    const answer = typeof route === 'function' ? route(init) : (route ?? { status: 404, body: { message: 'Not found' } });
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The JSON body and headers sent with the n-th call of the mock. */
export function sentRequest(mock: ReturnType<typeof mockFetch>, index: number) {
  const init = mock.mock.calls[index]?.[1];
  return {
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    headers: (init?.headers ?? {}) as Record<string, string>,
  };
}
