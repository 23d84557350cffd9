import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { meQuery } from '@/bidder/api/account';
import { BidderLayout } from '@/bidder/components/bidder-layout';
import { useLocale } from '@/bidder/i18n/locale';
import { LiveProvider } from '@/bidder/live/live-context';
import { EventLotsPage } from '@/bidder/pages/event-lots-page';
import { EventsPage } from '@/bidder/pages/events-page';
import { LotPage } from '@/bidder/pages/lot-page';
import { MyBidsPage } from '@/bidder/pages/my-bids-page';
import { PurchasesPage } from '@/bidder/pages/purchases-page';

/** The signed-in member's screens, one socket for all of them, in the language of their profile. */
export function SignedIn() {
  const { adopt } = useLocale();
  const me = useQuery(meQuery);
  const language = me.data?.language;
  useEffect(() => {
    if (language) adopt(language);
  }, [language, adopt]);

  return (
    <LiveProvider>
      <BidderLayout me={me.data}>
        <Routes>
          <Route index element={<EventsPage />} />
          <Route path="events/:eventId" element={<EventLotsPage />} />
          <Route path="lots/:lotId" element={<LotPage />} />
          <Route path="my-bids" element={<MyBidsPage />} />
          <Route path="purchases" element={<PurchasesPage />} />
          <Route path="*" element={<Navigate to="/bid" replace />} />
        </Routes>
      </BidderLayout>
    </LiveProvider>
  );
}
