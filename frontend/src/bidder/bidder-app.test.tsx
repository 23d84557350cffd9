import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from '@/bidder/i18n/locale';
import { translate } from '@/bidder/i18n/translate';
import { BIDDER_TOKEN_KEY } from '@/bidder/lib/bidder-token';
import { installFakeSockets } from '@/bidder/test/fake-socket';
import { bidderEvent, bidderLot, me } from '@/bidder/test/fixtures';
import { renderBidder } from '@/bidder/test/render';
import { mockFetch } from '@/test/fetch-mock';

function signedIn(language: 'en' | 'ar') {
  window.localStorage.setItem(BIDDER_TOKEN_KEY, 'bid_abc');
  mockFetch({
    'GET /api/bidder/me': { body: { bidder: { ...me, language } } },
    'GET /api/bidder/events': { body: { data: [bidderEvent()] } },
    'GET /api/bidder/events/ev1/lots': { body: { data: [bidderLot({ leader: 'another_bidder', myStatus: 'outbid' })], serverTime: new Date().toISOString() } },
  });
}

describe('the bidder page in Arabic', () => {
  beforeEach(installFakeSockets);
  afterEach(() => {
    document.documentElement.removeAttribute('dir');
    document.documentElement.lang = 'en';
  });

  it('follows the member’s language: right to left, Arabic texts, Ant Design in RTL; the switch goes back to English and is kept', async () => {
    signedIn('ar');
    const { container } = renderBidder('/bid/events/ev1');
    expect(await screen.findByText('تم تجاوز مزايدتك')).toBeInTheDocument();
    const root = container.querySelector('.bidder-root');
    expect(root).toHaveAttribute('dir', 'rtl');
    expect(root).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(container.querySelector('.ant-segmented-rtl')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'مزايداتي' })).toHaveAttribute('href', '/bid/my-bids');
    expect(screen.getByText(/القطعة 104 · المسار 1 · الدور 4/)).toBeInTheDocument();

    await userEvent.click(screen.getByText('English'));
    expect(await screen.findByText('Outbid')).toBeInTheDocument();
    expect(root).toHaveAttribute('dir', 'ltr');
    expect(container.querySelector('.ant-segmented-rtl')).toBeNull();
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('a choice made on this device wins over the profile’s language', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'ar');
    signedIn('en');
    const { container } = renderBidder('/bid');
    expect(await screen.findByText('Dubai Saturday sale')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.bidder-root')).toHaveAttribute('dir', 'rtl'));
    expect(screen.getByText('المزادات', { selector: 'h4' })).toBeInTheDocument();
  });

  it('has every text in both languages, with the same placeholders', () => {
    expect(translate('ar', 'live.bid', { amount: '15,500.00 درهم' })).toBe('زايد بمبلغ 15,500.00 درهم');
    expect(translate('en', 'live.leader.another_bidder')).toBe('Another bidder leads');
  });
});
