import { LogoutOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Segmented, Typography } from 'antd';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { signOut } from '@/bidder/api/account';
import type { BidderMe, Language } from '@/bidder/api/types';
import { useLocale } from '@/bidder/i18n/locale';
import { clearBidderToken } from '@/bidder/lib/bidder-token';
import { bidderPaths } from '@/bidder/lib/bidder-paths';
import { useLiveStatus } from '@/bidder/live/live-context';

const LANGUAGES: { value: Language; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'ar', label: 'العربية' },
];

/** The bidder page's frame: top bar (paddle, language, sign out), the screen, and a tab bar at the bottom. */
export function BidderLayout({ me, children }: { me: BidderMe | undefined; children: ReactNode }) {
  const { t, language, choose } = useLocale();
  const live = useLiveStatus();
  const leave = () => {
    void signOut()
      .catch(() => undefined)
      .finally(clearBidderToken);
  };
  return (
    <div className="bidder-frame">
      <header className="bidder-top">
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Flex vertical>
            <Typography.Text strong>{t('app.name')}</Typography.Text>
            {me ? <Typography.Text type="secondary">{`${me.firstName} · ${t('app.paddle', { paddle: me.paddle })}`}</Typography.Text> : null}
          </Flex>
          <Flex align="center" gap={4}>
            <Segmented<Language> size="small" aria-label={t('app.language')} options={LANGUAGES} value={language} onChange={choose} />
            <Button type="text" icon={<LogoutOutlined />} aria-label={t('app.signOut')} title={t('app.signOut')} onClick={leave} />
          </Flex>
        </Flex>
      </header>
      {live === 'live' ? null : <Alert banner type="info" title={t('app.offline')} className="bidder-offline" />}
      <main className="bidder-main">{children}</main>
      <nav className="bidder-tabs" aria-label={t('app.name')}>
        <NavLink to={bidderPaths.root} end>
          {t('nav.events')}
        </NavLink>
        <NavLink to={bidderPaths.myBids}>{t('nav.myBids')}</NavLink>
        <NavLink to={bidderPaths.purchases}>{t('nav.purchases')}</NavLink>
      </nav>
    </div>
  );
}
