import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ApiError } from '@/api/api-error';
import { useLocale, LocaleProvider } from '@/bidder/i18n/locale';
import { getBidderToken, subscribeBidderToken } from '@/bidder/lib/bidder-token';
import { SignInPage } from '@/bidder/pages/sign-in-page';
import { SignedIn } from '@/bidder/signed-in';
import '@/bidder/bidder.css';

/** Answers from the server are final; a network failure is tried again. The page reads again when shown. */
function createBidderQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: (failures, error) => !(error instanceof ApiError) && failures < 2, refetchOnWindowFocus: true, staleTime: 5_000 },
      mutations: { retry: false },
    },
  });
}

/** Ant Design's direction and the root's `dir` and `lang` follow the language (the document's too, for dialogs). */
function Directional({ children }: { children: ReactNode }) {
  const { language, dir } = useLocale();
  // Before paint, in the same commit as the root's own `dir`: a dialog opened at once is already mirrored.
  useLayoutEffect(() => {
    const html = document.documentElement;
    const before = { lang: html.lang, dir: html.dir };
    html.lang = language;
    html.dir = dir;
    return () => {
      html.lang = before.lang;
      html.dir = before.dir;
    };
  }, [language, dir]);
  return (
    <ConfigProvider direction={dir}>
      <div className="bidder-root" dir={dir} lang={language}>
        {children}
      </div>
    </ConfigProvider>
  );
}

/** /bid: the member's bidder page, its own query client, language and sign-in; nothing of the staff app's session. */
export function BidderApp() {
  const [client] = useState(createBidderQueryClient);
  const token = useSyncExternalStore(subscribeBidderToken, getBidderToken);
  useEffect(() => {
    if (!token) client.clear();
  }, [client, token]);
  return (
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <Directional>{token ? <SignedIn /> : <SignInPage />}</Directional>
      </LocaleProvider>
    </QueryClientProvider>
  );
}
