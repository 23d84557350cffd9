import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider } from '@/app/theme/theme-provider';
import { BidderApp } from '@/bidder/bidder-app';

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
