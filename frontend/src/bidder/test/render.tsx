import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider } from '@/app/theme/theme-provider';
import { BidderApp } from '@/bidder/bidder-app';
import { LocaleProvider } from '@/bidder/i18n/locale';

/** The bidder page as the app mounts it (/bid/*), at `url`, without motion (closed dialogs leave at once). */
export function renderBidder(url = '/bid') {
  const router = createMemoryRouter([{ path: '/bid/*', element: <BidderApp /> }], { initialEntries: [url] });
  const result = render(
    <ThemeProvider>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </ThemeProvider>,
  );
  return { ...result, router };
}

/** One piece of the bidder page inside its providers (English unless the device chose Arabic). */
export function renderPiece(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <QueryClientProvider client={client}>
          <LocaleProvider>{ui}</LocaleProvider>
        </QueryClientProvider>
      </ConfigProvider>
    </ThemeProvider>,
  );
}
