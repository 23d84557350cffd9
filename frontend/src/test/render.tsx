import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ThemeProvider } from '@/app/theme/theme-provider';

/** Shows where the router ended up, so tests can assert redirects by text. */
function CurrentPath() {
  return <p>{`path: ${useLocation().pathname}`}</p>;
}

interface Options {
  /** The route pattern the element is mounted at. */
  path?: string;
  /** The URL to start at. */
  route?: string;
}

/** Renders `ui` inside the app's providers and a memory router; other paths show "path: /x". */
export function renderWithProviders(ui: ReactElement, { path = '/', route = path }: Options = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <CurrentPath /> },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {/* jsdom never ends CSS transitions: without motion, closed dialogs leave the DOM at once. */}
        <ConfigProvider theme={{ token: { motion: false } }}>
          <RouterProvider router={router} />
        </ConfigProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
